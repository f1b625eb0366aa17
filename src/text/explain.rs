//! What `explain` says about each step: a paragraph on what the tensor is,
//! why it is computed this way and what to look for in its numbers (the
//! caption under each table, in [`super::steps`], says only the first).

use super::{Text, texts};

texts! {
    EXPLAIN_01 {
        en: "Each source word is replaced by its column of the embedding matrix E_x (m × K_x): x_i is the column \
             at word i's id, a lookup and nothing more. X has one column per source token, <eos> included, so T_x \
             counts it. Training moves the columns so that words used alike end up alike; the paper uses \
             m = 620, this walkthrough m = 8 so that every table fits.",
        zh: "每个源语言词都换成词嵌入矩阵 E_x（m × K_x）中它的那一列：x_i 就是第 i 个词的编号所对应的列，\
             只是查表，别无其他。X 的每一列对应一个源语言词元，<eos> 也算在内，所以 T_x 把它也数进去了。\
             训练会移动这些列，让用法相近的词彼此靠近；论文取 m = 620，这里取 m = 8，好让每张表都放得下。",
    };
    EXPLAIN_02 {
        en: "The forward GRU reads X from left to right, starting from →h_0 = 0: →h_i = GRU(x_i, →h_{i-1}). \
             Its update gate z decides how much of the new candidate replaces the old state, its reset gate r \
             how much of the old state the candidate may use. Column i therefore summarises words 1 … i and \
             nothing after them.",
        zh: "前向 GRU 从 →h_0 = 0 出发，从左往右读 X：→h_i = GRU(x_i, →h_{i-1})。更新门 z 决定新的候选状态\
             替换掉多少旧状态，重置门 r 决定候选状态能用上多少旧状态。因此第 i 列概括的是第 1 … i 个词，\
             对后面的词一无所知。",
    };
    EXPLAIN_03 {
        en: "The backward GRU reads the same X from right to left, from ←h_{T_x+1} = 0, with weights of its \
             own. Column i summarises word i and every word after it. Together with step 02, every position \
             has now seen the whole sentence, from one side or the other.",
        zh: "反向 GRU 用自己的一套权重，从 ←h_{T_x+1} = 0 出发，从右往左读同一个 X。第 i 列概括了第 i 个词\
             及其后的每个词。加上步骤 02，每个位置现在都从这一侧或那一侧看到了整句话。",
    };
    EXPLAIN_04 {
        en: "The annotation h_i = [→h_i; ←h_i] stacks the two states of word i into one column of 2n numbers: \
             a summary of the whole sentence with a focus on the words around i. H is what attention chooses \
             from at every t; it is computed once per sentence and does not change while the decoder writes.",
        zh: "编码器隐状态 h_i = [→h_i; ←h_i] 把第 i 个词的两个状态叠成一列 2n 个数：它概括整句话，\
             但侧重于第 i 个词附近的词。每个 t 上注意力都在 H 里挑选；H 每句话只算一次，解码器写的过程中\
             它保持不变。",
    };
    EXPLAIN_05 {
        en: "The decoder's first state is s_0 = tanh(W_s ←h_1): the backward state at the first word has read \
             the whole sentence, so it is a summary of it. The first previous word y_0 is <bos> in this \
             project. From here on the decoder writes one target word per t, and steps 06 to 13 repeat for \
             every t.",
        zh: "解码器的初始状态是 s_0 = tanh(W_s ←h_1)：第一个词处的反向状态已经读完整句话，所以它是整句的\
             概括。在本项目里，第一个“上一个词” y_0 是 <bos>。从这里开始，解码器每个 t 写一个目标词，\
             步骤 06 到 13 对每个 t 重复一遍。",
    };
    EXPLAIN_06 {
        en: "The projected query: the decoder's previous state s_{t-1} is the query q_t, and W_a projects it \
             into the n'-dimensional space where scores are computed. It is one vector per t, the same for \
             every source word; step 08 adds it to every column of U_a H. It carries what has been written so \
             far into the question of where to look next.",
        zh: "投影后的查询：解码器的上一个状态 s_{t-1} 就是查询 q_t，W_a 把它投影到计算能量的 n' 维空间。\
             每个 t 只有这一个向量，对每个源语言词都一样；步骤 08 把它加到 U_a H 的每一列上。\
             它把“已经写了什么”带进“下一步该看哪里”这个问题。",
    };
    EXPLAIN_07 {
        en: "The projected keys: every annotation, the key k_i = h_i, projected by U_a into the same \
             n'-dimensional space. U_a H does not depend on t, so it is computed once per sentence and reused \
             at every target position, as the paper's appendix advises (the README's benchmark measures what \
             this saves).",
        zh: "投影后的键：每个编码器隐状态，即键 k_i = h_i，都由 U_a 投影到同一个 n' 维空间。U_a H 与 t 无关，\
             所以每句话只算一次，在每个目标位置上复用，正如论文附录所建议的（README 中的基准测试量出了\
             这样省下多少时间）。",
    };
    EXPLAIN_08 {
        en: "Query and key are added column by column (the query is broadcast over the T_x columns) and passed \
             through tanh: for each source word a small hidden layer of n' units whose inputs are what the \
             decoder has written (s_{t-1}) and what the word is (h_i). tanh keeps every unit in (−1, 1) \
             however large its input. The price is saturation: where |W_a s_{t-1} + U_a h_i| is large, tanh is \
             ±1 and its derivative 1 − tanh² is nearly 0, so almost no gradient flows back through that unit \
             to W_a, U_a or the states. The line below counts how much of this table is saturated.",
        zh: "查询与键逐列相加（查询被广播到 T_x 列上），再经过 tanh：每个源语言词都得到一个有 n' 个单元的\
             小隐藏层，输入是解码器已经写下的内容（s_{t-1}）和这个词本身（h_i）。无论输入多大，tanh 都把\
             每个单元限制在 (−1, 1) 之内。代价是饱和：|W_a s_{t-1} + U_a h_i| 很大的地方，tanh 等于 ±1，\
             导数 1 − tanh² 几乎为 0，几乎没有梯度能经过这个单元传回 W_a、U_a 或各个状态。\
             下面一行统计了这张表里有多少已经饱和。",
    };
    EXPLAIN_09 {
        en: "v_a reads each column's hidden layer into one number: e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i), \
             the energy (score) of source word i for target position t. Energies are not normalised and only \
             their differences matter: adding one constant to all of them leaves the softmax of step 10 \
             unchanged.",
        zh: "v_a 把每一列的隐藏层读成一个数：e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i)，即目标位置 t 上\
             源语言词 i 的能量（注意力分数）。能量没有归一化，只有它们之间的差才有意义：给所有能量加上同一个\
             常数，步骤 10 的 softmax 结果不变。",
    };
    EXPLAIN_10 {
        en: "The softmax turns the energies into weights that are positive and sum to 1: α_{t,i} = \
             exp(e_{t,i}) / Σ_k exp(e_{t,k}), the sum over the source positions k, computed after \
             subtracting the largest energy so that exp never overflows. α_t is a distribution over source \
             positions: how much the decoder reads word i while writing target word t. An energy larger by 1 \
             gives a weight larger by a factor e ≈ 2.72.",
        zh: "softmax 把能量变成个个为正、总和为 1 的注意力权重：α_{t,i} = exp(e_{t,i}) / Σ_k exp(e_{t,k})，\
             对源语言位置 k 求和；计算前先减去最大的能量，exp 就永远不会溢出。α_t 是源语言位置上的一个分布：\
             写第 t 个目标词时，解码器读第 i 个词读了多少。能量大 1，权重就大 e ≈ 2.72 倍。",
    };
    EXPLAIN_11 {
        en: "The context is the α-weighted average of the annotations: c_t = Σ_i α_{t,i} h_i = H α_t. The \
             weights are positive and sum to 1, so c_t lies inside the convex hull of the h_i; when α_t is \
             peaked, c_t is almost the annotation of one word. A new c_t is made for every t, where the \
             encoder–decoder without attention has one fixed vector for the whole sentence.",
        zh: "上下文向量是编码器隐状态以 α 为权重的平均：c_t = Σ_i α_{t,i} h_i = H α_t。权重为正且和为 1，\
             所以 c_t 落在各个 h_i 的凸包之内；α_t 集中在一处时，c_t 几乎就是某一个词的编码器隐状态。\
             每个 t 都重新算一个 c_t，而没有注意力的编码器–解码器整句只有一个固定向量。",
    };
    EXPLAIN_12 {
        en: "The decoder GRU updates its state from the previous word y_{t-1} (its column of E_y), the \
             previous state s_{t-1} and the context c_t, which enters the candidate and both gates through \
             C, C_z and C_r. s_t now holds what has been written and what was just read.",
        zh: "解码器 GRU 用上一个词 y_{t-1}（它在 E_y 中的那一列）、上一个状态 s_{t-1} 和上下文向量 c_t 更新\
             状态；c_t 经由 C、C_z 和 C_r 进入候选状态和两个门。现在 s_t 里既有已经写下的内容，\
             也有刚刚读到的内容。",
    };
    EXPLAIN_13 {
        en: "The deep output combines the state, the previous word and the context: t̃_t = U_o s_t + V_o E_y \
             y_{t-1} + C_o c_t has 2l numbers, maxout keeps the larger of each pair (l numbers), and W_o with \
             a softmax gives a probability to every target word. Training raises the probability of the \
             correct word; greedy decoding takes the most probable one and feeds it back as y_t.",
        zh: "深度输出把状态、上一个词和上下文向量合在一起：t̃_t = U_o s_t + V_o E_y y_{t-1} + C_o c_t 有 2l 个数，\
             maxout 在每一对中留下较大的那个（剩 l 个数），再经 W_o 和 softmax，给每个目标词一个概率。\
             训练提高正确词的概率；贪心解码取概率最大的词，把它作为 y_t 送回去。",
    };
    EXPLAIN_14 {
        en: "Stacking the rows α_1 … α_{T_y} gives the alignment matrix A. A row says where the decoder looked \
             while writing one target word; a column, summed, says how much one source word was read in all \
             (its coverage, see coverage). When a translation reorders words, the bright cells leave the \
             diagonal, as in the paper's Figure 3; diagnose compares the path of the peaks with the \
             reference alignment.",
        zh: "把 α_1 … α_{T_y} 逐行叠起来，就得到对齐矩阵 A。一行说明解码器写某个目标词时看向了哪里；\
             一列求和，说明某个源语言词总共被读了多少（它的覆盖度，见 coverage）。翻译调换词序时，\
             亮格会离开对角线，就像论文的图 3 那样；diagnose 把峰值的路径与参考对齐作比较。",
    };
}

/// The paragraph of step `id` (1 … 14); None for any other id.
pub fn paragraph(id: u8) -> Option<Text> {
    let k = usize::from(id).checked_sub(1)?;
    ALL.get(k).copied()
}
