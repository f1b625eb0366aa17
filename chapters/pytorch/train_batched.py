"""Batched RNNsearch training in PyTorch on the real corpus, timed: the
figure the Rust fast path's real-corpus bench row is compared with.

    python chapters/pytorch/train_batched.py [CORPUS_DIR [THREADS [sorted]]]

CORPUS_DIR defaults to $BAHDANAU_CORPUS, else the folder --fetch-corpus
writes. float32, THREADS threads (default 2), batch 64, RealConfig::FULL's sizes (m = 32,
n = n' = 48, l = 32, shortlists covering 90% of the training tokens, at most
2,000 words, chosen as the Rust code chooses them), the paper's GRU and
attention from rnnsearch.py, padded batches with masks, Adam. The batches
are cut from a seeded shuffle of the pairs; with `sorted`, from the pairs
sorted by length (so a batch pads little), in a seeded order of batches. Two
selections: the first 4,000 training pairs of 3-15 source words, and the
experiment's own (every training pair of at most 40 source words). Prints
training pairs per second after a warm-up, with the load average.
"""

import os
import random
import sys
import time
from collections import Counter

try:
    import torch
    import torch.nn.functional as F
    from torch import nn
except ImportError:
    sys.exit("error: this script needs PyTorch: run .ci/pytorch-venv, then run the script with the python it prints")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rnnsearch import BahdanauAttention, gru_step  # noqa: E402  (the model of the book's chapter)

torch.set_default_dtype(torch.float32)  # rnnsearch.py checks in float64; this trainer is float32
THREADS = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 2
SORTED = len(sys.argv) > 3 and sys.argv[3] == "sorted"
torch.set_num_threads(THREADS)

M, N, N_A, L = 32, 48, 48, 32  # RealConfig::FULL.dims
COVERAGE, MAX_WORDS = 0.9, 2000  # RealConfig::FULL.vocab
BATCH, LR, WARMUP, MAX_BATCHES = 64, 0.005, 3, 20  # timed: 20 batches after 3
MAX_BYTES = 64 << 20
SELECTIONS = [("4,000 pairs of 3-15 source words", 3, 15, 4000), ("the experiment's: all of <= 40 words", 1, 40, 40000)]


def corpus_dir():
    if len(sys.argv) > 1:
        return sys.argv[1]
    if os.environ.get("BAHDANAU_CORPUS"):
        return os.environ["BAHDANAU_CORPUS"]
    data = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    return os.path.join(data, "bahdanau", "real-corpus")


def read_split(folder, name):
    path = os.path.join(folder, name)
    if not os.path.isfile(path):
        sys.exit(f"error: no {path}: build the corpus once with `cargo run -- --fetch-corpus`")
    if os.path.getsize(path) > MAX_BYTES:
        sys.exit(f"error: {path} is larger than {MAX_BYTES >> 20} MB, so it is not a split the corpus builder wrote")
    with open(path, encoding="utf-8") as f:
        return [line.split() for line in f]


def shortlist(sentences, head):
    """As split::shortlist: by falling count, ties by token, until COVERAGE of
    the tokens or MAX_WORDS words; then the special tokens first."""
    counts = Counter(t for s in sentences for t in s)
    total, covered, words = sum(counts.values()), 0, []
    for t, c in sorted(counts.items(), key=lambda tc: (-tc[1], tc[0].encode())):
        if len(words) >= MAX_WORDS or covered >= COVERAGE * total:
            break
        covered += c
        words.append(t)
    tokens = head + [w for w in words if w not in head]
    return {t: i for i, t in enumerate(tokens)}


def ids(vocab, words):
    return [vocab.get(w, vocab["<unk>"]) for w in words] + [vocab["<eos>"]]


def parameters(k_x, k_y):
    g = torch.Generator().manual_seed(2014)
    shapes = {"E_x": (M, k_x), "E_y": (M, k_y), "W_s": (N, N), "U_o": (2 * L, N), "V_o": (2 * L, M),
              "C_o": (2 * L, 2 * N), "W_o": (k_y, L)}
    for rnn in ("fwd", "bwd", "dec"):
        shapes.update({f"{rnn}.{w}": (N, M) for w in ("W", "W_z", "W_r")})
        shapes.update({f"{rnn}.{u}": (N, N) for u in ("U", "U_z", "U_r")})
    shapes.update({f"dec.{c}": (N, 2 * N) for c in ("C", "C_z", "C_r")})
    return {k: nn.Parameter(0.1 * torch.randn(*s, generator=g)) for k, s in shapes.items()}


# ANCHOR: masked
def loss_of(P, att, x, x_len, y, y_len, bos):
    """Mean over the batch of each sentence's mean -ln p(y_t); x (B, T_x), y (B, T_y)."""
    X = P["E_x"].T[x]  # (B, T_x, m)
    B, T_x, _ = X.shape
    live = torch.arange(T_x) < x_len.unsqueeze(1)  # (B, T_x), False on padding
    h, fwd = torch.zeros(B, N), []
    for i in range(T_x):  # padding comes last, so ->h_i at a real i never sees it
        h = gru_step(P, "fwd", X[:, i], h)
        fwd.append(h)
    h, bwd = torch.zeros(B, N), [None] * T_x
    for i in reversed(range(T_x)):  # <-h stays 0 over the padding: each row starts at its own end
        h = torch.where(live[:, i : i + 1], gru_step(P, "bwd", X[:, i], h), h)
        bwd[i] = h
    H = torch.cat([torch.stack(fwd, 1), torch.stack(bwd, 1)], -1)  # (B, T_x, 2n)
    s = torch.tanh(F.linear(bwd[0], P["W_s"]))  # s_0 = tanh(W_s <-h_1)
    keys, y_prev, nll = att.keys(H), torch.full((B,), bos), []
    for t in range(y.shape[1]):
        c, _ = att(s, keys, H, x_len)  # the mask keeps alpha off the padding
        y_emb = P["E_y"].T[y_prev]  # (B, m)
        s = gru_step(P, "dec", y_emb, s, c)
        t_max = (F.linear(s, P["U_o"]) + F.linear(y_emb, P["V_o"]) + F.linear(c, P["C_o"])).view(B, L, 2).amax(-1)
        nll.append(F.cross_entropy(F.linear(t_max, P["W_o"]), y[:, t], reduction="none"))  # (B,)
        y_prev = y[:, t]
    y_live = torch.arange(y.shape[1]) < y_len.unsqueeze(1)  # (B, T_y)
    return ((torch.stack(nll, 1) * y_live).sum(1) / y_len).mean()
# ANCHOR_END: masked


def padded(rows):
    lengths = torch.tensor([len(r) for r in rows])
    out = torch.zeros(len(rows), int(lengths.max()), dtype=torch.long)
    for b, r in enumerate(rows):
        out[b, : len(r)] = torch.tensor(r)
    return out, lengths


def timed(pairs, k_x, k_y, bos):
    P = parameters(k_x, k_y)
    att = BahdanauAttention(N, 2 * N, N_A)
    opt = torch.optim.Adam(list(P.values()) + list(att.parameters()), lr=LR)
    order = list(range(len(pairs)))
    if SORTED:
        order.sort(key=lambda k: (len(pairs[k][0]), len(pairs[k][1]), k))
        batches = [order[k : k + BATCH] for k in range(0, len(order), BATCH)]
        random.Random(2015).shuffle(batches)
    else:
        random.Random(2015).shuffle(order)
        batches = [order[k : k + BATCH] for k in range(0, len(order), BATCH)]
    batches = batches[: WARMUP + MAX_BATCHES]
    done, start = 0, None
    for b, batch in enumerate(batches):
        if b == WARMUP:
            done, start = 0, time.perf_counter()
        (x, x_len), (y, y_len) = padded([pairs[k][0] for k in batch]), padded([pairs[k][1] for k in batch])
        opt.zero_grad()
        loss = loss_of(P, att, x, x_len, y, y_len, bos)
        loss.backward()
        nn.utils.clip_grad_norm_(list(P.values()) + list(att.parameters()), 5.0)
        opt.step()
        done += len(batch)
    return done / (time.perf_counter() - start), done, loss.item()


def main():
    folder = corpus_dir()
    en, fr = read_split(folder, "train.en"), read_split(folder, "train.fr")
    if len(en) != len(fr) or not en:
        sys.exit(f"error: train.en and train.fr in {folder} differ in line count: build the corpus again with --fetch-corpus")
    vx, vy = shortlist(en, ["<eos>", "<unk>"]), shortlist(fr, ["<bos>", "<eos>", "<unk>"])
    print(f"PyTorch {torch.__version__}, float32, {torch.get_num_threads()} threads, batch {BATCH}"
          f"{' (length-sorted)' if SORTED else ''}, "
          f"m = {M}, n = n' = {N}, l = {L}, K_x = {len(vx)}, K_y = {len(vy)}", flush=True)
    for what, lo, hi, count in SELECTIONS:
        chosen = [(ids(vx, e), ids(vy, f)) for e, f in zip(en, fr) if lo <= len(e) <= hi][:count]
        if len(chosen) < BATCH * (WARMUP + 1):
            print(f"{what}: only {len(chosen)} pairs, too few to time")
            continue
        med = sorted(len(e) for e, _ in chosen)[(len(chosen) - 1) // 2]
        per_s, done, loss = timed(chosen, len(vx), len(vy), vy["<bos>"])
        load = " ".join(f"{a:.2f}" for a in os.getloadavg())
        print(f"{what}: {len(chosen)} pairs, median {med} source tokens with <eos>")
        print(f"  {per_s:.0f} training pairs/s over {done} pairs after {WARMUP} warm-up batches "
              f"(last loss {loss:.3f}), load average {load}", flush=True)


if __name__ == "__main__":
    main()
