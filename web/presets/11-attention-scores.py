# en: Attention scores: q @ k.transpose(-2, -1)
# zh: 注意力分数：q @ k.transpose(-2, -1)
import torch

q = torch.arange(6.).reshape(1, 2, 3)              # [batch, queries, dim]
k = torch.ones(1, 4, 3)                            # [batch, keys, dim]
scores = q @ k.transpose(-2, -1) / 3 ** 0.5        # [1, 2, 4]
weights = scores.softmax(dim=-1)
print(scores)
print(weights)
