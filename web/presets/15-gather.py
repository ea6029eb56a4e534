# en: gather: pick one entry per row
# zh: gather：每行取出指定的元素
import torch

x = torch.tensor([[10, 11, 12], [20, 21, 22]])
idx = torch.tensor([[2, 0], [1, 1]])
g = torch.gather(x, 1, idx)
print(g)
picked = x.gather(1, torch.tensor([[1], [2]]))
print(picked.squeeze(1))
