//! What exercises 1–14 say: each one's title, its two hints (the idea, then
//! closer to the code), what a NaN in the answer means, and the hint of each
//! classic mistake its checker recognises (`EXnn_KEY`, by the mistake's key).

use super::texts;

texts! {
    GRU_PYTORCH_GATE {
        en: "you wrote h = z∘h_prev + (1 − z)∘h~, PyTorch's nn.GRU convention. In the paper the update gate \
             weights the candidate: h = (1 − z)∘h_prev + z∘h~.",
        zh: "你写的是 h = z∘h_prev + (1 − z)∘h~，这是 PyTorch nn.GRU 的约定。论文里更新门加权的是候选状态：h = (1 \
             − z)∘h_prev + z∘h~。",
    };
    GRU_CANDIDATE_RETURNED {
        en: "you returned the candidate h~ itself. The new state mixes it with the old one, weighted by the \
             update gate: h = (1 − z)∘h_prev + z∘h~.",
        zh: "你直接返回了候选状态 h~。新状态要把它和旧状态按更新门加权混合：h = (1 − z)∘h_prev + z∘h~。",
    };
    EX01_TITLE {
        en: "embedding lookup",
        zh: "查词嵌入",
    };
    EX01_IDEA {
        en: "An embedding is a lookup, not a product: token i's vector is one column of E, the column its id \
             names.",
        zh: "词嵌入是查表，不是乘法：第 i 个词的向量就是 E 的一列，即它的 id 所指的那一列。",
    };
    EX01_HINT {
        en: "Column i of X is the column of E numbered ids[i]; X has E's rows (m) and one column per token.",
        zh: "X 的第 i 列就是 E 的第 ids[i] 列；X 的行数与 E 相同（m），每个词占一列。",
    };
    EX01_TRANSPOSED {
        en: "your X has one row per token, PyTorch's layout. Here vectors are columns: X is (m, T), column i = \
             E[:, ids[i]].",
        zh: "你的 X 每个词占一行，这是 PyTorch 的布局。这里向量是列：X 的形状是 (m, T)，第 i 列 = E[:, ids[i]]。",
    };
    EX02_TITLE {
        en: "one GRU step (the paper's form)",
        zh: "GRU 的一步（论文的形式）",
    };
    EX02_IDEA {
        en: "Two gates decide how much of the old state to keep (z) and how much of it the candidate may read \
             (r); the paper applies r to h_prev before U, and z weights the candidate.",
        zh: "两个门决定保留多少旧状态（z），以及候选状态能读到多少旧状态（r）；论文在乘 U 之前把 r 作用于 h_prev\
             ，并由 z 加权候选状态。",
    };
    EX02_HINT {
        en: "Compute z, r, then h~ with the reset gate applied to h_prev before U, then mix: (1 − z)∘h_prev + \
             z∘h~.",
        zh: "先算 z 和 r，再算 h~（重置门在乘 U 之前作用于 h_prev），最后混合：(1 − z)∘h_prev + z∘h~。",
    };
    EX02_RESET_AFTER_U {
        en: "you applied r after U: tanh(W x + r∘(U h_prev)), PyTorch's form. The paper resets first: tanh(W x + \
             U (r∘h_prev)).",
        zh: "你在乘 U 之后才用 r：tanh(W x + r∘(U h_prev))，这是 PyTorch 的形式。论文先重置：tanh(W x + U (r∘h_pr\
             ev))。",
    };
    EX03_TITLE {
        en: "the bidirectional concatenation",
        zh: "双向拼接",
    };
    EX03_IDEA {
        en: "Each source word gets one annotation that knows both sides of it: the forward state (what came \
             before) stacked on the backward state (what comes after).",
        zh: "每个源语言词得到一个兼顾两侧的编码器隐状态：前向状态（读过前文）叠在后向状态（读过后文）之上。",
    };
    EX03_HINT {
        en: "H has 2n rows: rows 0..n are →h (column i is →h_i), rows n..2n are ←h (column i is ←h_i).",
        zh: "H 有 2n 行：第 0..n 行是 →h（第 i 列是 →h_i），第 n..2n 行是 ←h（第 i 列是 ←h_i）。",
    };
    EX03_FORWARD_ONLY {
        en: "your h_i comes from one direction only. Each annotation stacks both: the forward state on top, the \
             backward state below, so H is (2n, T_x).",
        zh: "你的 h_i 只来自一个方向。每个编码器隐状态都由两部分叠成：前向状态在上，后向状态在下，所以 H 的形状是 \
             (2n, T_x)。",
    };
    EX03_FORWARD_TWICE {
        en: "your h_i repeats the forward state. The lower half must be the backward state ←h_i.",
        zh: "你的 h_i 把前向状态重复了一遍。下半部分应当是后向状态 ←h_i。",
    };
    EX03_BACKWARD_ON_TOP {
        en: "you stacked ←h above →h. The paper's order is h_i = [→h_i; ←h_i]: forward on top.",
        zh: "你把 ←h 叠在了 →h 上面。论文的顺序是 h_i = [→h_i; ←h_i]：前向在上。",
    };
    EX03_BACKWARD_REVERSED {
        en: "you reversed the backward states in time. ←h is already in source order: column i is ←h_i, the \
             state after reading words T_x … i.",
        zh: "你把后向状态按时间倒了过来。←h 本来就按源句顺序排列：第 i 列是 ←h_i，即读完第 T_x … i 个词之后的状态\
             。",
    };
    EX04_TITLE {
        en: "the broadcast sum W_a s_{t-1} + U_a h_i",
        zh: "广播求和 W_a s_{t-1} + U_a h_i",
    };
    EX04_IDEA {
        en: "One query, many keys: the same projected decoder state is compared with every source position, so \
             it is added to each of them.",
        zh: "一个查询，多个键：同一个投影后的解码器状态要和每个源语言位置比较，所以它被加到每一列上。",
    };
    EX04_HINT {
        en: "The query (n') is added to every column of U_a H (n' × T_x): entry [k, i] gets query[k].",
        zh: "把查询（n' 维）加到 U_a H（n' × T_x）的每一列：元素 [k, i] 加上 query[k]。",
    };
    EX04_WRONG_AXIS {
        en: "you added the query along the wrong axis: query[i] went to column i. The query is indexed by the \
             row k (n' entries), and the same query is added to every column i.",
        zh: "你沿错误的轴加了查询：query[i] 被加到了第 i 列。查询按行 k 编号（n' 个元素），同一个查询要加到每一列 \
             i 上。",
    };
    EX04_TANH_APPLIED {
        en: "you applied tanh already. This step returns the sum; tanh is the next function.",
        zh: "你已经用了 tanh。这一步只返回和；tanh 是下一个函数的事。",
    };
    EX05_TITLE {
        en: "the energies e_t",
        zh: "能量 e_t",
    };
    EX05_IDEA {
        en: "The energy scores how well source word i fits the next target word, judged from the decoder's state \
             before it writes that word.",
        zh: "能量衡量源语言第 i 个词与下一个目标词的匹配程度，依据是解码器写出这个词之前的状态。",
    };
    EX05_HINT {
        en: "Take s_{t-1} = s.column(t - 1), project it with W_a, add it to every column of U_a H, apply tanh, \
             then multiply by v_aᵀ.",
        zh: "取 s_{t-1} = s.column(t - 1)，用 W_a 投影，加到 U_a H 的每一列上，取 tanh，再乘以 v_aᵀ。",
    };
    EX05_S_T_FOR_S_PREV {
        en: "you used s_t (column t) where s_{t-1} belongs. The decoder chooses where to look before it writes \
             word t, so the query is the previous state: s.column(t - 1).",
        zh: "你在该用 s_{t-1} 的地方用了 s_t（第 t 列）。解码器在写第 t 个词之前决定看哪里，所以查询是上一个状态\
             ：s.column(t - 1)。",
    };
    EX05_NO_TANH {
        en: "you left out the tanh: e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i).",
        zh: "你漏了 tanh：e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i)。",
    };
    EX05_NO_V_A {
        en: "you summed tanh(…) over k instead of weighting it by v_a: e_{t,i} = Σ_k v_a[k] tanh(…)[k, i].",
        zh: "你对 tanh(…) 沿 k 直接求和，而没有用 v_a 加权：e_{t,i} = Σ_k v_a[k] tanh(…)[k, i]。",
    };
    EX06_TITLE {
        en: "a stable softmax",
        zh: "数值稳定的 softmax",
    };
    EX06_IDEA {
        en: "α is a distribution: positive, summing to 1, with the largest energy getting the largest weight; \
             exp of a large energy overflows unless you shift first.",
        zh: "α 是一个分布：全为正、和为 1，能量最大的位置权重最大；不先平移的话，大能量的 exp 会溢出。",
    };
    EX06_HINT {
        en: "Subtract max e from every entry, take exp, divide by the sum.",
        zh: "每个元素减去 max e，取 exp，再除以总和。",
    };
    EX06_NONFINITE {
        en: "exp of a large energy overflows to ∞, and ∞/∞ is NaN. Subtract max e before exp: softmax does not \
             change when every e_i moves by the same amount, and then every exp is at most 1.",
        zh: "大能量的 exp 溢出成 ∞，而 ∞/∞ 是 NaN。在 exp 之前减去 max e：所有 e_i 同时平移同一个量时 softmax 不\
             变，这样每个 exp 都不超过 1。",
    };
    EX06_NO_MAX {
        en: "exp(e_i) overflowed at large energies (exp(710) is already ∞). Subtract max e before exp; the \
             result is mathematically the same.",
        zh: "能量较大时 exp(e_i) 溢出了（exp(710) 已经是 ∞）。在 exp 之前减去 max e；数学上结果完全相同。",
    };
    EX06_NOT_NORMALISED {
        en: "your weights do not sum to 1: divide every exp by their sum.",
        zh: "你的权重之和不是 1：把每个 exp 除以它们的总和。",
    };
    EX06_NUMERATOR_UNSHIFTED {
        en: "you subtracted max e in the sum but not in the numerator: your weights are exp(max e) times too \
             large. Use exp(e_i − max e) above the line and below it.",
        zh: "你在求和里减了 max e，分子里却没减：你的权重大了 exp(max e) 倍。分子分母都要用 exp(e_i − max e)。",
    };
    EX07_TITLE {
        en: "a masked softmax over a padded batch",
        zh: "填充批次上的带掩码 softmax",
    };
    EX07_IDEA {
        en: "Padding is not part of the sentence: its weight must be exactly 0, and the softmax of each sentence \
             must look only at its own real tokens.",
        zh: "填充不是句子的一部分：它的权重必须恰好为 0，每个句子的 softmax 只能看它自己的真实词。",
    };
    EX07_HINT {
        en: "For each row b: the max over its real tokens, exp(e − max) at real tokens, 0 at padding, divide by \
             the row's sum.",
        zh: "对每一行 b：在它的真实词上取最大值，真实词处取 exp(e − max)，填充处为 0，再除以这一行的总和。",
    };
    EX07_NONFINITE {
        en: "NaN or ∞ in α. Either exp overflowed (subtract each row's max first) or you built the fill as (1 − \
             m)·(−∞), which is 0·∞ = NaN at every real token: choose −∞ (or 0 after exp) only where m = 0, with \
             an if, not a product.",
        zh: "α 中出现了 NaN 或 ∞。要么 exp 溢出了（先减去每行的最大值），要么你把填充值写成了 (1 − m)·(−∞)，它在\
             每个真实词处都是 0·∞ = NaN：只在 m = 0 的地方取 −∞（或在 exp 之后取 0），用 if 而不是乘法。",
    };
    EX07_WRONG_AXIS {
        en: "you normalised each column. A row is one sentence: softmax runs over the source positions i of each \
             row b, so every row sums to 1.",
        zh: "你按列做了归一化。一行是一个句子：softmax 在每一行 b 的源语言位置 i 上进行，所以每一行的和为 1。",
    };
    EX07_MASK_MULTIPLIED {
        en: "you multiplied e by the mask, which sets padding energies to 0, not −∞: padding keeps weight exp(0 \
             − max). Padding must get exactly 0.",
        zh: "你把 e 乘以掩码，这会把填充处的能量变成 0 而不是 −∞：填充仍有 exp(0 − max) 的权重。填充的权重必须恰\
             好为 0。",
    };
    EX07_MASK_WRONG_SIGN {
        en: "the padding took the weight: your fill is large and positive. It must be very negative (−∞), so \
             that exp gives 0.",
        zh: "权重跑到了填充上：你的填充值是一个很大的正数。它必须非常负（−∞），exp 之后才是 0。",
    };
    EX07_MASK_INF_TIMES_ZERO {
        en: "(1 − m)·(−∞) is 0·∞ = NaN at every real token. Put −∞ only where m = 0, with an if or a select.",
        zh: "(1 − m)·(−∞) 在每个真实词处都是 0·∞ = NaN。只在 m = 0 的地方放 −∞，用 if 或 select。",
    };
    EX07_NO_MAX {
        en: "exp overflowed at large energies. Subtract each row's max (over real tokens) before exp.",
        zh: "能量较大时 exp 溢出了。在 exp 之前减去每一行（真实词上）的最大值。",
    };
    EX08_TITLE {
        en: "the context vector c_t",
        zh: "上下文向量 c_t",
    };
    EX08_IDEA {
        en: "c_t is an average of the annotations, each weighted by how much attention its word gets.",
        zh: "c_t 是编码器隐状态的加权平均，每个按其对应词得到的注意力加权。",
    };
    EX08_HINT {
        en: "Weight column i of H by α_i and add the columns up: one vector of 2n entries, the product H α.",
        zh: "把 H 的第 i 列乘以 α_i，再把各列相加：得到一个 2n 维向量，即乘积 H α。",
    };
    EX08_PRODUCT_WITHOUT_SUM {
        en: "you returned the element-wise products α_i h_i, all T_x of them, without the sum over i. c_t is one \
             vector of 2n: add the columns.",
        zh: "你返回的是逐元素乘积 α_i h_i，一共 T_x 个，没有对 i 求和。c_t 是一个 2n 维向量：把各列加起来。",
    };
    EX08_FIRST_TERM_ONLY {
        en: "you returned α_1 h_1 only. c_t sums α_i h_i over every source position i.",
        zh: "你只返回了 α_1 h_1。c_t 要对每个源语言位置 i 的 α_i h_i 求和。",
    };
    EX08_SUM_OVER_ROWS {
        en: "you summed over the wrong axis: one number per source position. Sum over i (the columns), so that \
             c_t has H's 2n rows.",
        zh: "你沿错误的轴求和了：每个源语言位置得到一个数。应当对 i（各列）求和，使 c_t 具有 H 的 2n 行。",
    };
    EX08_ALPHA_IGNORED {
        en: "you added the annotations without the weights: c_t = Σ_i α_i h_i.",
        zh: "你把编码器隐状态直接相加，没有乘权重：c_t = Σ_i α_i h_i。",
    };
    EX08_MEAN_OF_ANNOTATIONS {
        en: "you averaged the annotations with equal weights, ignoring α. c_t weights each by its attention: c_t \
             = Σ_i α_i h_i.",
        zh: "你用相等的权重平均了编码器隐状态，忽略了 α。c_t 按各自的注意力加权：c_t = Σ_i α_i h_i。",
    };
    EX08_LAST_TERM_ONLY {
        en: "you returned α_T h_T only, the last term: each pass of the loop replaced c_t instead of adding to \
             it (`c += …`, not `c = …`).",
        zh: "你只返回了最后一项 α_T h_T：循环每一轮都替换了 c_t，而不是累加（应写 `c += …`，而不是 `c = …`）。",
    };
    EX08_ARGMAX_ONLY {
        en: "you returned the annotation of the most attended word only (hard attention). c_t is soft: every \
             annotation contributes, weighted by its α_i.",
        zh: "你只返回了注意力最大的那个词的编码器隐状态（硬注意力）。c_t 是软的：每个编码器隐状态都按其 α_i 加权\
             参与。",
    };
    EX09_TITLE {
        en: "the decoder step s_t",
        zh: "解码器的一步 s_t",
    };
    EX09_IDEA {
        en: "The decoder is a GRU that reads three things: the previous word, its previous state and the context \
             c_t, which enters every gate.",
        zh: "解码器是一个读三样东西的 GRU：上一个词、它上一个状态和上下文向量 c_t，而 c_t 进入每一个门。",
    };
    EX09_HINT {
        en: "It is the GRU of exercise 2 with one more term in each gate: C_z c_t in z, C_r c_t in r, C c_t in \
             h~.",
        zh: "它就是练习 2 的 GRU，每个门多一项：z 中加 C_z c_t，r 中加 C_r c_t，h~ 中加 C c_t。",
    };
    EX09_RESET_AFTER_U {
        en: "you applied r after U: tanh(W y + r∘(U s_(t-1)) + C c), PyTorch's form. The paper resets first: \
             tanh(W y + U (r∘s_(t-1)) + C c).",
        zh: "你在乘 U 之后才用 r：tanh(W y + r∘(U s_(t-1)) + C c)，这是 PyTorch 的形式。论文先重置：tanh(W y + U \
             (r∘s_(t-1)) + C c)。",
    };
    EX09_CONTEXT_LEFT_OUT {
        en: "c_t never entered your GRU. Each gate gets a context term: C_z c, C_r c and C c.",
        zh: "c_t 根本没有进入你的 GRU。每个门都有一个上下文项：C_z c、C_r c 和 C c。",
    };
    EX09_CONTEXT_ONLY_IN_CANDIDATE {
        en: "c_t entered only the candidate h~. The gates see it too: z = σ(… + C_z c), r = σ(… + C_r c).",
        zh: "c_t 只进入了候选状态 h~。两个门也要看到它：z = σ(… + C_z c)，r = σ(… + C_r c)。",
    };
    EX10_TITLE {
        en: "Luong's dot score",
        zh: "Luong 的点积打分",
    };
    EX10_IDEA {
        en: "The dot score asks how aligned the decoder state is with each source state, without any learned \
             weights.",
        zh: "点积打分衡量解码器状态与每个源语言状态的方向一致程度，不含任何可学习的权重。",
    };
    EX10_HINT {
        en: "One dot product per column of h̄: h̄ᵀ h_t.",
        zh: "h̄ 的每一列做一次点积：h̄ᵀ h_t。",
    };
    EX10_SCALED {
        en: "you divided by √d: that is the Transformer's scaled dot product. Luong's dot score is h_tᵀ h̄_i.",
        zh: "你除以了 √d：那是 Transformer 的缩放点积。Luong 的点积打分是 h_tᵀ h̄_i。",
    };
    EX10_SOFTMAX_APPLIED {
        en: "you returned weights that sum to 1. This function returns the scores e; softmax comes after.",
        zh: "你返回的权重之和为 1。这个函数返回的是能量 e；softmax 在之后。",
    };
    EX11_TITLE {
        en: "Luong's general score",
        zh: "Luong 的 general 打分",
    };
    EX11_IDEA {
        en: "The general score is the dot score through a learned matrix: source states are mapped into the \
             decoder's space first.",
        zh: "general 打分是经过一个可学习矩阵的点积：先把源语言状态映射到解码器的空间。",
    };
    EX11_HINT {
        en: "Project every source state with W_a, then take the dot product of h_t with each column: (W_a h̄)ᵀ \
             h_t.",
        zh: "用 W_a 投影每个源语言状态，再让 h_t 与每一列做点积：(W_a h̄)ᵀ h_t。",
    };
    EX11_W_A_TRANSPOSED {
        en: "you used W_aᵀ: h̄_iᵀ W_a h_t = h_tᵀ W_aᵀ h̄_i. W_a multiplies the source state: h_tᵀ (W_a h̄_i).",
        zh: "你用的是 W_aᵀ：h̄_iᵀ W_a h_t = h_tᵀ W_aᵀ h̄_i。W_a 乘的是源语言状态：h_tᵀ (W_a h̄_i)。",
    };
    EX11_SOFTMAX_APPLIED {
        en: "you returned weights that sum to 1. This function returns the scores e; softmax comes after.",
        zh: "你返回的权重之和为 1。这个函数返回的是能量 e；softmax 在之后。",
    };
    EX12_TITLE {
        en: "the entropy of α",
        zh: "α 的熵",
    };
    EX12_IDEA {
        en: "Entropy measures how spread α is: 0 when all weight is on one word, ln T_x when it is uniform; a \
             zero weight contributes nothing.",
        zh: "熵衡量 α 的分散程度：权重全在一个词上时为 0，均匀时为 ln T_x；权重为零的项不贡献任何东西。",
    };
    EX12_HINT {
        en: "Sum α_i ln α_i over the entries with α_i > 0, then negate.",
        zh: "对 α_i > 0 的元素求 α_i ln α_i 之和，再取负。",
    };
    EX12_NONFINITE {
        en: "0·ln 0 gave NaN (ln 0 = −∞, and 0·(−∞) is NaN). Skip the zero weights: their limit is 0.",
        zh: "0·ln 0 得到了 NaN（ln 0 = −∞，而 0·(−∞) 是 NaN）。跳过权重为零的项：它们的极限是 0。",
    };
    EX12_ZERO_LOG {
        en: "0·ln 0 gave NaN. Skip the entries with α_i = 0: x ln x → 0 as x → 0.",
        zh: "0·ln 0 得到了 NaN。跳过 α_i = 0 的元素：x → 0 时 x ln x → 0。",
    };
    EX12_MISSING_MINUS {
        en: "your entropy is negative: H(α) = −Σ α_i ln α_i.",
        zh: "你的熵是负的：H(α) = −Σ α_i ln α_i。",
    };
    EX12_LOG2 {
        en: "you measured in bits (log₂). The book uses nats: the natural logarithm ln.",
        zh: "你用比特（log₂）计量了。本书用奈特：自然对数 ln。",
    };
    EX12_LN_1P {
        en: "you took ln(1 + α_i) (ln_1p) where the formula has ln α_i: H(α) = −Σ α_i ln α_i.",
        zh: "公式里是 ln α_i，你却取了 ln(1 + α_i)（ln_1p）：H(α) = −Σ α_i ln α_i。",
    };
    EX13_TITLE {
        en: "the coverage of each source word",
        zh: "每个源语言词的覆盖度",
    };
    EX13_IDEA {
        en: "Coverage asks how much attention each source word received in total, over every target step.",
        zh: "覆盖度问的是：在所有目标步上，每个源语言词一共得到了多少注意力。",
    };
    EX13_HINT {
        en: "Add up each column of A (T_y × T_x): one number per source word.",
        zh: "把 A（T_y × T_x）的每一列加起来：每个源语言词一个数。",
    };
    EX13_WRONG_AXIS {
        en: "you summed each row of A, and every row is a softmax, so those sums are all 1. Coverage sums each \
             column: the attention source word i received over all t.",
        zh: "你对 A 的每一行求和，而每一行都是一个 softmax，所以这些和全是 1。覆盖度对每一列求和：源语言词 i 在所\
             有 t 上得到的注意力。",
    };
    EX13_MEAN {
        en: "you averaged over t. Coverage is the sum: 1 means the word was attended once in total.",
        zh: "你对 t 取了平均。覆盖度是和：1 表示这个词总共被关注了一次。",
    };
    EX14_TITLE {
        en: "the softmax backward pass",
        zh: "softmax 的反向传播",
    };
    EX14_IDEA {
        en: "A change in one energy moves every weight, because they must still sum to 1: the gradient is g \
             minus its α-weighted mean, scaled by α.",
        zh: "改变一个能量会牵动所有权重，因为它们的和仍须为 1：梯度是 g 减去它按 α 加权的均值，再乘以 α。",
    };
    EX14_HINT {
        en: "Compute the scalar gᵀα once, subtract it from every g_i, multiply element-wise by α.",
        zh: "先算一次标量 gᵀα，从每个 g_i 中减去它，再逐元素乘以 α。",
    };
    EX14_DIAGONAL_ONLY {
        en: "you kept only the diagonal of the Jacobian, α_i (1 − α_i) g_i. Every α_j depends on every e_i: \
             ∂L/∂e_i = α_i (g_i − Σ_j g_j α_j).",
        zh: "你只保留了雅可比矩阵的对角线 α_i (1 − α_i) g_i。每个 α_j 都依赖每个 e_i：∂L/∂e_i = α_i (g_i − Σ_j g_\
             j α_j)。",
    };
    EX14_PASSED_THROUGH {
        en: "you passed ∂L/∂α through unchanged. The softmax's Jacobian sits between them.",
        zh: "你把 ∂L/∂α 原样传了过去。两者之间隔着 softmax 的雅可比矩阵。",
    };
    EX14_MISSING_ALPHA {
        en: "you forgot the factor α_i: ∂L/∂e_i = α_i (g_i − gᵀα).",
        zh: "你漏了因子 α_i：∂L/∂e_i = α_i (g_i − gᵀα)。",
    };
}
