# en: Pairwise distances
# zh: 两两距离
import torch

a = torch.tensor([[0., 0.], [3., 4.]])             # 2 points
b = torch.tensor([[0., 0.], [6., 8.], [3., 0.]])   # 3 points
diff = a[:, None, :] - b[None, :, :]               # [2, 3, 2]
dist = (diff ** 2).sum(dim=-1).sqrt()              # [2, 3]
print(dist)
