"""RNNsearch in PyTorch, batch-first, checked number for number against a
trace that the Rust project exported:

    cargo run -- --export trace.json --grad
    python chapters/pytorch/rnnsearch.py trace.json

Every tensor is float64 and every check has a stated tolerance. The script
exits 0 when all checks pass, 1 when one fails or the trace is unusable; it
never prints a traceback for a bad trace.
"""

import json
import os
import sys

try:
    import torch
    from torch import nn
    import torch.nn.functional as F
except ImportError:
    sys.exit(
        "error: this script needs PyTorch: run .ci/pytorch-venv, "
        "then run the script with the python it prints"
    )

# ANCHOR: expect
FORMAT = "bahdanau-trace/2"
# the sizes a trace names; the model is built at those
DIMS = ("m", "n", "n_a", "l")
# the default scenario's trace with its gradient is 0.25 MB
MAX_BYTES = 64 << 20
torch.set_default_dtype(torch.float64)
# ANCHOR_END: expect


class TraceError(Exception):
    """A trace this script cannot use; main prints it as one line."""


# ANCHOR: load
def load_trace(path):
    """The exported JSON, checked for what the rest of the script uses."""
    again = f"cargo run -- --export {path} --grad"
    if not os.path.isfile(path):
        raise TraceError(f"no trace at {path}: write one with {again}")
    if os.path.getsize(path) > MAX_BYTES:
        raise TraceError(
            f"{path} is larger than {MAX_BYTES >> 20} MB, so it is not "
            f"a trace: write one with {again}"
        )
    try:
        with open(path, encoding="utf-8") as f:
            trace = json.load(f)
    except (ValueError, OSError) as e:
        raise TraceError(
            f"{path} is not a JSON trace ({e}): write one with {again}"
        )
    if not isinstance(trace, dict) or trace.get("format") != FORMAT:
        found = trace.get("format") if isinstance(trace, dict) else None
        raise TraceError(
            f"{path} has format {found!r}, this script reads {FORMAT!r}: "
            f"write it again with {again}"
        )
    dims = trace.get("dims")
    sized = lambda k: isinstance(dims.get(k), int) and dims[k] > 0
    if not isinstance(dims, dict) or not all(sized(k) for k in DIMS):
        raise TraceError(
            f"{path} names no sizes m, n, n', l ({show_dims(dims)}): "
            f"write it again with {again}"
        )
    if "gradient" not in trace:
        raise TraceError(f"{path} has no gradient: write it again with {again}")
    m, n, n_a, l = (dims[k] for k in DIMS)
    expected = {
        "W_a": [n_a, n], "U_a": [n_a, 2 * n], "v_a": [n_a, 1], "W_s": [n, n],
        "dec.C": [n, 2 * n], "E_x": [m, None], "U_o": [2 * l, n],
        "C_o": [2 * l, 2 * n],
    }  # None: any number of columns
    params = trace.get("params")
    params = params if isinstance(params, dict) else {}
    for name, shape in expected.items():
        entry = params.get(name)
        found = entry.get("shape") if isinstance(entry, dict) else None
        fits = isinstance(found, list) and len(found) == 2 and all(
            w is None or w == f for w, f in zip(shape, found)
        )
        if not fits:
            raise TraceError(
                f"{path} says {show_dims(dims)} but {name} has shape "
                f"{found}: write it again with {again}"
            )
    return trace


def show_dims(dims):
    """m=8 n=8 n'=16 l=8, as the REPL's dims command writes them."""
    if not isinstance(dims, dict):
        return f"dims {dims!r}"
    symbol = {"n_a": "n'"}
    return " ".join(f"{symbol.get(k, k)}={dims.get(k)}" for k in DIMS)


def tensor(j):
    """A {"shape": [rows, cols], "data": [row-major]} matrix as a tensor."""
    return torch.tensor(j["data"]).reshape(j["shape"])
# ANCHOR_END: load


# ANCHOR: attention
class BahdanauAttention(nn.Module):
    """e_{t,i} = v_a^T tanh(W_a s_{t-1} + U_a h_i), alpha_t = softmax(e_t),
    c_t = sum_i alpha_{t,i} h_i, for a batch of B sentences, batch first.

    The reference module's W1, W2 and v are W_a, U_a and v_a. nn.Linear keeps
    its weight as (out, in), the book's orientation, and computes x @ weight.T
    on row vectors: the book's W_a s becomes s @ W_a.T.
    """

    def __init__(self, n, two_n, n_a):
        super().__init__()
        self.W_a = nn.Linear(n, n_a, bias=False)  # weight (n', n)
        self.U_a = nn.Linear(two_n, n_a, bias=False)  # weight (n', 2n)
        self.v_a = nn.Linear(n_a, 1, bias=False)  # weight (1, n') = v_a^T

    def keys(self, H):
        """U_a h_i for every i, once per sentence (step 07)."""
        return self.U_a(H)  # (B, T_x, 2n) -> (B, T_x, n')

    def forward(self, s_prev, keys, H, lengths):
        # s_prev (B, n), keys (B, T_x, n'), H (B, T_x, 2n), lengths (B,)
        query = self.W_a(s_prev).unsqueeze(1)  # (B, 1, n'), step 06
        # (B, T_x, n'): the query broadcast over i, step 08
        hidden = torch.tanh(query + keys)
        e = self.v_a(hidden).squeeze(-1)  # (B, T_x), step 09
        # (B, T_x), True past each sentence's length
        pad = torch.arange(H.shape[1]) >= lengths.unsqueeze(1)
        # (B, T_x), step 10: -inf on padding, so alpha is 0 there
        alpha = torch.softmax(e.masked_fill(pad, float("-inf")), dim=-1)
        # (B, 1, T_x) @ (B, T_x, 2n) -> (B, 2n), step 11
        c = torch.bmm(alpha.unsqueeze(1), H).squeeze(1)
        return c, alpha
# ANCHOR_END: attention


# ANCHOR: gru
def gru_step(P, name, x, h_prev, c=None):
    """The paper's GRU on rows: x (B, m), h_prev (B, n), c (B, 2n) or None.

    z = sigma(W_z x + U_z h + C_z c), r = sigma(W_r x + U_r h + C_r c),
    h~ = tanh(W x + U (r * h) + C c), h = (1 - z) * h_prev + z * h~.
    """
    W = lambda w, v: F.linear(v, P[f"{name}.{w}"])  # v @ P[name.w].T
    a_z = W("W_z", x) + W("U_z", h_prev)
    a_r = W("W_r", x) + W("U_r", h_prev)
    a_h = W("W", x)
    if c is not None:
        a_z, a_r, a_h = a_z + W("C_z", c), a_r + W("C_r", c), a_h + W("C", c)
    z, r = torch.sigmoid(a_z), torch.sigmoid(a_r)  # (B, n) each
    # the reset gate acts before U
    h_tilde = torch.tanh(a_h + W("U", r * h_prev))
    return (1 - z) * h_prev + z * h_tilde  # z weights the candidate
# ANCHOR_END: gru


# ANCHOR: nn_gru
def compare_with_nn_gru(P, x, h_prev):
    """One step of the forward encoder GRU, the paper's way and nn.GRUCell's.

    nn.GRUCell computes n = tanh(W x + r * (U h)) and h = (1 - z) * n + z * h:
    its reset gate acts after U, and its z weights the old state. Negating
    W_z and U_z turns sigma(a) into 1 - sigma(a) and mends the second; nothing
    mends the first, so the two steps differ wherever r is not all ones.
    """
    m, n = P["fwd.W"].shape[1], P["fwd.W"].shape[0]
    cell = nn.GRUCell(m, n, bias=False)
    with torch.no_grad():  # rows in PyTorch's order: r, z, n
        W = lambda w: P[f"fwd.W{w}"]
        U = lambda u: P[f"fwd.U{u}"]
        cell.weight_ih.copy_(torch.cat([W("_r"), -W("_z"), W("")]))  # (3n, m)
        cell.weight_hh.copy_(torch.cat([U("_r"), -U("_z"), U("")]))  # (3n, n)
        ours = gru_step(P, "fwd", x, h_prev)
        theirs = cell(x, h_prev)
        r = torch.sigmoid(F.linear(x, W("_r")) + F.linear(h_prev, U("_r")))
        z = torch.sigmoid(F.linear(x, W("_z")) + F.linear(h_prev, U("_z")))
        # the paper's step with the reset moved after U
        moved = torch.tanh(F.linear(x, W("")) + r * F.linear(h_prev, U("")))
        by_hand = (1 - z) * h_prev + z * moved
    gap = lambda a: (a - theirs).abs().max().item()
    return gap(ours), gap(by_hand)
# ANCHOR_END: nn_gru


# ANCHOR: encoder
def encode(P, x_ids):
    """x_ids (B, T_x) -> H (B, T_x, 2n) and s_0 (B, n); no padding."""
    X = P["E_x"].T[x_ids]  # (B, T_x, m): E_x is (m, K_x), one column per word
    B, T_x, _ = X.shape
    n = P["W_s"].shape[0]
    h, fwd = torch.zeros(B, n), []
    for i in range(T_x):  # ->h_i from ->h_{i-1}, ->h_0 = 0
        h = gru_step(P, "fwd", X[:, i], h)
        fwd.append(h)
    h, bwd = torch.zeros(B, n), [None] * T_x
    for i in reversed(range(T_x)):  # <-h_i from <-h_{i+1}, <-h_{T_x+1} = 0
        h = gru_step(P, "bwd", X[:, i], h)
        bwd[i] = h
    # h_i = [->h_i; <-h_i]: (B, T_x, 2n)
    H = torch.cat([torch.stack(fwd, 1), torch.stack(bwd, 1)], dim=-1)
    s_0 = torch.tanh(F.linear(bwd[0], P["W_s"]))  # tanh(W_s <-h_1), (B, n)
    return H, s_0
# ANCHOR_END: encoder


# ANCHOR: decoder
def decode(P, att, H, s_0, lengths, y_ids, bos):
    """Teacher-forced: L = mean_t -ln p(y_t), and each step's tensors."""
    B, T_y = y_ids.shape
    l = P["W_o"].shape[1]
    keys = att.keys(H)  # (B, T_x, n'), once for all t
    s, y_prev = s_0, torch.full((B,), bos)
    loss, steps = 0.0, []
    for t in range(T_y):
        # (B, 2n), (B, T_x): attention reads s_{t-1}
        c, alpha = att(s, keys, H, lengths)
        y_emb = P["E_y"].T[y_prev]  # (B, m)
        s = gru_step(P, "dec", y_emb, s, c)  # s_t, (B, n)
        # t~_t = U_o s_t + V_o E_y y_{t-1} + C_o c_t, (B, 2l)
        t_tilde = F.linear(s, P["U_o"]) + F.linear(y_emb, P["V_o"])
        t_tilde = t_tilde + F.linear(c, P["C_o"])
        # max over (t~_{2j-1}, t~_{2j}), (B, l)
        t_max = t_tilde.view(B, l, 2).amax(dim=-1)
        log_p = F.log_softmax(F.linear(t_max, P["W_o"]), dim=-1)  # (B, K_y)
        loss = loss - log_p.gather(1, y_ids[:, t : t + 1]).squeeze(1)  # (B,)
        steps.append({"alpha": alpha, "c": c, "s": s, "p": log_p.exp()})
        y_prev = y_ids[:, t]
    return loss / T_y, steps
# ANCHOR_END: decoder


class Checks:
    """Each check prints one line; the last line counts them."""

    def __init__(self):
        self.passed, self.failed = 0, 0

    def close(self, what, diff, tol):
        self.count(diff <= tol, what, diff, f"at most {tol:.0e}")

    def apart(self, what, diff, least):
        self.count(diff > least, what, diff, f"more than {least:.0e}")

    def count(self, ok, what, diff, bound):
        self.passed, self.failed = self.passed + ok, self.failed + (not ok)
        print(f"  {'ok  ' if ok else 'FAIL'} {what:<44} {diff:9.2e}  ({bound})")


def column(j):
    return tensor(j).reshape(-1)  # a (len, 1) column as a 1-d tensor


def main(path):
    trace = load_trace(path)
    P = {name: nn.Parameter(tensor(j)) for name, j in trace["params"].items()}
    n, n_a = trace["dims"]["n"], trace["dims"]["n_a"]
    print(f"RNNsearch at {show_dims(trace['dims'])}, from {path}")
    att = BahdanauAttention(n, 2 * n, n_a)  # at the trace's sizes
    # (n', 1) -> (1, n'): v_a^T, as nn.Linear keeps it
    P["v_a"] = nn.Parameter(P["v_a"].detach().T.clone())
    # shared, so gradients meet
    att.W_a.weight, att.U_a.weight = P["W_a"], P["U_a"]
    att.v_a.weight = P["v_a"]
    check = Checks()

    # ANCHOR: check_attention
    print(f"1. The attention module against the trace, one sentence ({path})")
    # (2n, T_x) columns -> (1, T_x, 2n) rows
    H = tensor(trace["tensors"]["H"]).T.unsqueeze(0)
    lengths = torch.tensor([H.shape[1]])
    keys = att.keys(H)
    for step in trace["steps"]:
        got = step["tensors"]
        c, alpha = att(column(got["s_prev"]).unsqueeze(0), keys, H, lengths)
        gap = lambda a, key: (a[0] - column(got[key])).abs().max().item()
        check.close(f"alpha_{step['t']}", gap(alpha, "alpha"), 1e-10)
        check.close(f"c_{step['t']}", gap(c, "c"), 1e-10)
    # ANCHOR_END: check_attention

    # ANCHOR: check_batch
    print("2. A padded batch of two sentences against each sentence alone")
    vocab = {w: i for i, w in enumerate(trace["source_vocab"])}
    first = trace["source"]
    other = ["the", "Central", "Bank", "<eos>"]
    if len(first) == 4:
        other = ["the", "Bank", "<eos>"]
    if not all(w in vocab for w in other):
        # another length from the sentence's own words
        other = first[:1] + first[-1:]
    ids = lambda words: torch.tensor([[vocab[w] for w in words]])
    alone = [encode(P, ids(words)) for words in (first, other)]
    T_x = max(h.shape[1] for h, _ in alone)
    # (2, T_x, 2n), zeros past each end
    pad = lambda h: F.pad(h, (0, 0, 0, T_x - h.shape[1]))
    H = torch.cat([pad(h) for h, _ in alone])
    s_0 = torch.cat([s for _, s in alone])  # (2, n)
    lengths = torch.tensor([len(first), len(other)])
    c, alpha = att(s_0, att.keys(H), H, lengths)
    _, unmasked = att(s_0, att.keys(H), H, torch.tensor([T_x, T_x]))
    for b, (h, s) in enumerate(alone):
        T_b = h.shape[1]
        c_b, alpha_b = att(s, att.keys(h), h, torch.tensor([T_b]))
        words = " ".join(first if b == 0 else other)
        print(f"  row {b + 1}: {words} (length {T_b} of {T_x})")
        if T_b < T_x:
            lost = unmasked[b, T_b:].sum().item()
            print(f"  without the mask its padding would take alpha = "
                  f"{lost:.4f}")
            on_pad = alpha[b, T_b:].abs().max().item()
            check.close(f"row {b + 1}: alpha on padding, masked", on_pad, 0.0)
        gap = lambda a, a_alone: (a - a_alone).abs().max().item()
        alone_is = lambda x: f"row {b + 1}: {x} against the sentence alone"
        check.close(alone_is("alpha"), gap(alpha[b, :T_b], alpha_b[0]), 1e-15)
        check.close(alone_is("c"), gap(c[b], c_b[0]), 1e-15)
    # ANCHOR_END: check_batch

    # ANCHOR: check_gru
    print("3. One step of the paper's GRU against nn.GRUCell (x_2 and ->h_1)")
    X = P["E_x"].T[torch.tensor(trace["source_ids"])]  # (T_x, m)
    h_1 = tensor(trace["tensors"]["h_fwd"])[:, 0].unsqueeze(0)  # (1, n)
    paper_vs_cell, moved_vs_cell = compare_with_nn_gru(P, X[1:2], h_1)
    check.apart("the paper's step against nn.GRUCell", paper_vs_cell, 1e-3)
    moved = "reset gate moved after U, against nn.GRUCell"
    check.close(moved, moved_vs_cell, 1e-15)
    # ANCHOR_END: check_gru

    # ANCHOR: check_gradient
    print(
        "4. The whole forward pass, the loss and autograd's gradient "
        "against the project's"
    )
    H, s_0 = encode(P, torch.tensor([trace["source_ids"]]))
    y_ids = torch.tensor([trace["target_ids"]])
    lengths = torch.tensor([H.shape[1]])
    loss, steps = decode(P, att, H, s_0, lengths, y_ids, trace["bos_id"])
    pairs = list(zip(steps, trace["steps"]))  # (ours, the trace's) at each t
    for key in ["alpha", "s", "p"]:
        gap = lambda st, d: (st[key][0] - column(d["tensors"][key])).abs().max()
        diff = max(gap(st, d).item() for st, d in pairs)
        check.close(f"{key} at every t", diff, 1e-10)
    rust_loss = trace["gradient"]["loss"]
    rel = abs(loss.item() - rust_loss) / rust_loss
    check.close(f"loss L = {loss.item():.6e}, relative", rel, 1e-10)
    loss.sum().backward()
    for name, j in sorted(trace["gradient"]["params"].items()):
        rust = tensor(j).reshape(P[name].shape)  # v_a: (n', 1) -> (1, n')
        rel = (P[name].grad - rust).abs().max().item() / rust.abs().max().item()
        check.close(f"dL/d{name}, relative to its largest entry", rel, 1e-8)
    # ANCHOR_END: check_gradient

    print(f"checks: {check.passed} passed, {check.failed} failed")
    return 0 if check.failed == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(
            "error: give one trace file: "
            "python chapters/pytorch/rnnsearch.py trace.json"
        )
    try:
        sys.exit(main(sys.argv[1]))
    except TraceError as e:
        sys.exit(f"error: {e}")
