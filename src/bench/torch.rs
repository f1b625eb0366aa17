//! The reference material's attention module, timed in PyTorch when a python
//! with torch is found: $BAHDANAU_PYTHON, then the venv .ci/pytorch-venv makes
//! ($BAHDANAU_VENV or ~/.cache/bahdanau/venv), then python3. float64, one
//! thread, no autograd graph (which only makes PyTorch faster), timed like
//! [`crate::timing::measure`].

use std::process::Command;

pub const NOT_FOUND: &str = "not found (tried $BAHDANAU_PYTHON, $BAHDANAU_VENV, ~/.cache/bahdanau/venv, \
     python3), so not measured. To measure it: .ci/pytorch-venv (installs torch once, about 4 min), \
     then cargo bench --bench figures again";

/// Additive attention as the reference material's module computes it:
/// e = v(tanh(W1 s + W2 h)), α = softmax(e), c = Σ_i α_i h_i, with W2 h
/// recomputed on every call.
const SCRIPT: &str = r#"
import sys, time, torch
from torch import nn
torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)

# ANCHOR: additive
class Additive(nn.Module):
    def __init__(self, d_s, d_h, d_a):
        super().__init__()
        self.W1 = nn.Linear(d_s, d_a, bias=False)
        self.W2 = nn.Linear(d_h, d_a, bias=False)
        self.v = nn.Linear(d_a, 1, bias=False)

    def forward(self, s_prev, h):
        hidden = torch.tanh(self.W1(s_prev).unsqueeze(1) + self.W2(h))
        scores = self.v(hidden).squeeze(-1)
        weights = torch.softmax(scores, dim=-1)
        return torch.einsum("bt,btd->bd", weights, h), weights
# ANCHOR_END: additive

n, n_a, t_x = (int(a) for a in sys.argv[1:4])
torch.manual_seed(0)
module = Additive(n, 2 * n, n_a)
s, h = torch.randn(1, n), torch.randn(1, t_x, 2 * n)
with torch.no_grad():
    iters = 1
    while True:
        start = time.perf_counter()
        for _ in range(iters):
            module(s, h)
        if time.perf_counter() - start >= 0.04:
            break
        iters *= 2
    batches = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(iters):
            module(s, h)
        batches.append((time.perf_counter() - start) / iters * 1e9)
print(sorted(batches)[3])
"#;

fn has_torch(python: &str) -> bool {
    Command::new(python).args(["-c", "import torch"]).output().is_ok_and(|o| o.status.success())
}

pub fn python() -> Option<String> {
    let venv = std::env::var("BAHDANAU_VENV").ok().or_else(|| {
        let home = std::env::var("HOME").ok()?;
        Some(format!("{home}/.cache/bahdanau/venv"))
    });
    let explicit = std::env::var("BAHDANAU_PYTHON").ok();
    let candidates = explicit.into_iter().chain(venv.map(|v| format!("{v}/bin/python"))).chain(["python3".into()]);
    candidates.into_iter().find(|p| has_torch(p))
}

/// Nanoseconds per call of the module at (n, n', T_x), or None without torch.
pub fn attention_ns(n: usize, n_a: usize, t_x: usize) -> Option<f64> {
    let py = python()?;
    let out = Command::new(&py).args(["-c", SCRIPT, &n.to_string(), &n_a.to_string(), &t_x.to_string()]).output();
    match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).trim().parse().ok(),
        Ok(o) => {
            eprintln!("PyTorch run by {py} failed: {}", String::from_utf8_lossy(&o.stderr));
            None
        }
        Err(e) => {
            eprintln!("could not run {py}: {e}");
            None
        }
    }
}
