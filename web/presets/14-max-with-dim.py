# en: max with a dim: values and indices
# zh: 按维度取 max：值和下标
import torch

x = torch.tensor([[1., 5., 2.], [7., 3., 9.]])
values, indices = x.max(dim=1)
print(values)
print(indices)
top = x.max(dim=0, keepdim=True).values            # [1, 3]
print(top.shape)
