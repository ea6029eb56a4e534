# en: The outer-product trap: [3] - [3, 1] is [3, 3]
# zh: 外积陷阱：[3] - [3, 1] 得到 [3, 3]
import torch

pred = torch.tensor([1., 2., 3.])
target = torch.tensor([[1.], [2.], [3.]])
diff = pred - target                               # silently [3, 3]
print(diff)
mse = (diff ** 2).mean()
print(mse)                                         # not 0
fixed = ((pred - target.squeeze(1)) ** 2).mean()
print(fixed)
