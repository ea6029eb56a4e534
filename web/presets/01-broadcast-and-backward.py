# en: Broadcast, then the gradient summed back
# zh: 先广播，再把梯度求和回来
import torch

x = torch.arange(6.).reshape(2, 3)
y = torch.tensor([10., 20., 30., 40.])
d = x[:, :, None] - y            # [2, 3, 4]
w = torch.ones(3, 1, requires_grad=True)
loss = (d * w).sum()
loss.backward()                  # w.grad: [3, 1], summed over dims 0 and 2
print(w.grad)
