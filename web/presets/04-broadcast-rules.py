# en: The broadcasting rules, shape by shape (ends in an error)
# zh: 广播规则，逐个形状来看（最后一行会报错）
import torch

x = torch.ones(5, 7, 3)
y = torch.ones(5, 7, 3)
print((x + y).shape)             # same shapes always broadcast
x = torch.ones(5, 3, 4, 1)
y = torch.ones(3, 1, 1)
print((x + y).shape)             # trailing dims: 1 = 1, 4 vs 1, 3 = 3, 5 vs missing
x = torch.ones(1)
y = torch.ones(3, 1, 7)
print((x + y).shape)
x = torch.ones(5, 2, 4, 1)
y = torch.ones(3, 1, 1)
z = x + y                        # 2 vs 3: neither is 1
