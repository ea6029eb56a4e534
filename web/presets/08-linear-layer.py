# en: A linear layer: x @ W.T + b
# zh: 线性层：x @ W.T + b
import torch

x = torch.arange(6.).reshape(2, 3)                 # a batch of 2, 3 features
W = torch.tensor([[1., 0., -1.], [0.5, 0.5, 0.5]], requires_grad=True)
b = torch.tensor([0.25, -1.], requires_grad=True)
y = x @ W.T + b                                    # [2, 2]
print(y)
y.sum().backward()
print(W.grad)
print(b.grad)                                      # summed over the batch
