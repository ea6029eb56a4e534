# en: A dim of size 0 yields only to 1 (ends in an error)
# zh: 大小为 0 的维度只能和 1 广播（最后一行会报错）
import torch

x = torch.ones((0,))
print(x.shape, x.ndim)           # one dim, of size 0
print(x + torch.ones(1))
s = torch.ones(())
print((s + torch.ones(2, 2)).shape)
z = x + torch.ones(5, 7, 3)
