# en: One-hot by comparison
# zh: 用比较得到 one-hot
import torch

labels = torch.tensor([2, 0, 1])
classes = torch.arange(3)
onehot = labels[:, None] == classes                # [3, 1] vs [3] -> [3, 3]
print(onehot)
print(onehot.float())
