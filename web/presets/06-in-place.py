# en: In place: the result must keep self's shape (ends in an error)
# zh: 原地运算：结果必须保持 self 的形状（最后一行会报错）
import torch

x = torch.zeros(2, 3)
x += torch.tensor([1., 2., 3.])
x.add_(1)
print(x)
a = torch.ones(5, 3, 4, 1)
a.add_(torch.ones(3, 1, 1))
print(a.shape)
b = torch.ones(1, 3, 1)
b.add_(torch.ones(3, 1, 7))
