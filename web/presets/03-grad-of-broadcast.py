# en: Why B.grad is 3: a broadcast input's gradient is summed
# zh: 为什么 B.grad 是 3：广播过的输入，梯度要求和
import torch

A = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
B = torch.tensor([1.0], requires_grad=True)
C = A + B
C.sum().backward()
print(A.grad)
print(B.grad)
