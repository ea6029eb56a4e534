# en: Training a linear model by hand: a loop of steps
# zh: 手动训练线性模型：逐步循环
import torch

X = torch.arange(16.0).reshape(8, 2) / 8 - 1       # 8 samples, 2 features
y = X @ torch.tensor([[2.0], [-3.0]]) + 1.0        # the targets: [8, 1]
w = torch.zeros(2, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1

for step in range(5):
    pred = X @ w + b                               # [8, 1]
    loss = ((pred - y) ** 2).mean()
    loss.backward()                                # w.grad: [2, 1], b.grad: [1]
    with torch.no_grad():                          # the update is not part of the graph
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()                                 # as optimizer.zero_grad() does
    b.grad.zero_()
    print(f"step {step}: loss {loss.item():.4f}")

print(w.T, b)
