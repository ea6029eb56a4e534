# en: Softmax over the last dim
# zh: 在最后一维上做 softmax
import torch

logits = torch.tensor([[1., 2., 3.], [1., 1., 1.]])
p = torch.softmax(logits, dim=-1)
print(p)
m = logits.max(dim=-1, keepdim=True).values
e = (logits - m).exp()
q = e / e.sum(dim=-1, keepdim=True)                # the same, by hand
print(q.shape)
