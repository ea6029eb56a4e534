# en: Adding a row to every row
# zh: 把一行加到每一行上
import torch

A = torch.tensor([[1, 2, 3], [4, 5, 6]])    # shape [2, 3]
B = torch.tensor([1, 2, 3])                 # shape [3]
C = A + B
print(C)
print(C.shape, C.dtype)
