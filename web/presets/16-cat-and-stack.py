# en: cat joins along a dim, stack makes a new one
# zh: cat 沿已有维度拼接，stack 新建一个维度
import torch

a = torch.zeros(2, 3)
b = torch.ones(2, 3)
rows = torch.cat([a, b], dim=0)                    # [4, 3]
cols = torch.cat([a, b], dim=1)                    # [2, 6]
both = torch.stack([a, b])                         # [2, 2, 3]
print(rows.shape, cols.shape, both.shape)
print(cols)
