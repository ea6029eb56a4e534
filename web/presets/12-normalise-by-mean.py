# en: Normalising by the mean: keepdim=True (ends in an error without it)
# zh: 除以均值：要用 keepdim=True（不用就报错）
import torch

x = torch.tensor([[1., 2., 3.], [2., 4., 6.]])
m = x.mean(dim=1, keepdim=True)                    # [2, 1]
print(x / m)
m2 = x.mean(dim=1)                                 # [2]: the dim is gone
y = x / m2
