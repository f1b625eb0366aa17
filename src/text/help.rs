//! `help`: the titles of the groups, each command's one line, and the
//! overview's sentences. What each command accepts is in [`super::accepts`].

use super::texts;

texts! {
    GROUP_STEPPING { en: "stepping through the translation", zh: "逐步查看翻译过程" };
    GROUP_LOOKING { en: "looking at what was computed", zh: "查看已算出的结果" };
    GROUP_SCENARIO { en: "changing the scenario", zh: "更换场景" };
    GROUP_TRAINING { en: "training and experiments", zh: "训练与实验" };
    GROUP_PRACTICE { en: "the exercises", zh: "练习" };
    GROUP_FILES { en: "files", zh: "文件" };
    GROUP_REPL { en: "the REPL itself", zh: "REPL 本身" };
    GROUP_MORE { en: "more", zh: "其他" };
    NEXT {
        en: "show the next tensor (Enter does the same; in a beam: the next position)",
        zh: "显示下一个张量（直接按 Enter 也一样；束搜索中：下一个位置）",
    };
    BACK { en: "show the previous tensor", zh: "显示上一个张量" };
    GOTO {
        en: "jump to a step: goto 9, goto 10 t=3, goto step_11_t2, goto t=4; or to a position as the prompt counts \
             them: goto 42, goto 42/63",
        zh: "跳到某一步：goto 9、goto 10 t=3、goto step_11_t2、goto t=4；或按提示符的计数跳到某个位置：\
             goto 42、goto 42/63",
    };
    WHERE { en: "say which step you are at", zh: "说明你现在在哪一步" };
    RUN {
        en: "show every remaining step, to the end (in a beam: finish the search; Ctrl-C stops)",
        zh: "一直显示到最后一步（束搜索中：把搜索做完；Ctrl-C 停止）",
    };
    RESET { en: "go back to before step 01 (the scenario stays)", zh: "回到步骤 01 之前（场景不变）" };
    SHOW {
        en: "show a tensor reached so far or any parameter: show alpha, show W_a; show alpha h=2: beam hypothesis 2's",
        zh: "显示已经走到的张量或任一参数：show alpha、show W_a；show alpha h=2：束搜索第 2 个假设的",
    };
    SHAPES {
        en: "every tensor so far with its shape (shapes params: the parameters)",
        zh: "到目前为止的每个张量及其形状（shapes params：各个参数）",
    };
    FORMULA { en: "the formula of the current step", zh: "当前这一步的公式" };
    EXPLAIN {
        en: "a paragraph on the current step: what it computes, why, what to look for",
        zh: "用一段话讲解当前这一步：算什么、为什么这样算、该看数字里的什么",
    };
    ALIGNMENT {
        en: "the α of every target word so far, as a heatmap (h=2: of beam hypothesis 2)",
        zh: "到目前为止每个目标词的 α，画成热力图（h=2：束搜索第 2 个假设的）",
    };
    ENTROPY {
        en: "H(α_t) of each α row so far (0: one word, ln T_x: uniform)",
        zh: "到目前为止每行 α 的熵 H(α_t)（0：只看一个词；ln T_x：完全均匀）",
    };
    COVERAGE {
        en: "Σ_t α_t,i: the attention each source word got so far",
        zh: "Σ_t α_t,i：到目前为止每个源语言词得到的注意力总和",
    };
    TRAIN {
        en: "train from the seed's start (v_a × 0.01), or continue this session's run (40 epochs; Ctrl-C stops)",
        zh: "从种子的初始参数开始训练（v_a × 0.01），或接着本会话的训练继续（默认 40 轮；Ctrl-C 停止）",
    };
    REPLAY {
        en: "the probe's alignment at the checkpoints of training (crossing: the words peak on the reference, <eos> apart)",
        zh: "训练各检查点上探针句的对齐（交叉：除 <eos> 外，每个词的峰值都落在参考对齐上）",
    };
    SOURCE {
        en: "show or change the source; the target becomes the model's own greedy translation",
        zh: "显示或更换源语言句子；目标句随之变成模型自己的贪心解码译文",
    };
    TARGET { en: "show or change the target sentence", zh: "显示或更换目标句" };
    DIMS {
        en: "show or change the sizes (new, untrained parameters are drawn)",
        zh: "显示或更改各维度大小（会重新抽取未经训练的参数）",
    };
    SEED {
        en: "show or change the seed: 2014 gives the trained weights, another an untrained draw",
        zh: "显示或更换种子：2014 给出训练好的权重，其他种子给出未经训练的随机权重",
    };
    DECODE {
        en: "translate the source greedily (on the real corpus, each <unk> it writes is also shown replaced by the \
             source word its α row peaks on); decode adopt makes that translation the target",
        zh: "用贪心解码翻译源语言句子（在真实语料上，还会把它写出的每个 <unk> 换成那一行 α 最大处的源语言词再显示一遍）；\
             decode adopt 把这个译文设为目标句",
    };
    CORPUS {
        en: "corpus real: RNNsearch trained on real English–French sentences (seed 2014 of --real-report), starting \
             on the first test sentence of 8–15 words, every word in both shortlists, whose reference holds de, du \
             or des; corpus toy: back to the default scenario",
        zh: "corpus real：在真实英法句对上训练的 RNNsearch（--real-report 的种子 2014），从测试集中第一个 8–15 个词、\
             每个词都在两边词表内、参考译文含 de、du 或 des 的句子开始；corpus toy：回到默认场景",
    };
    BEAM {
        en: "beam search of width K (1 … 10) on the source, one position per Enter, run to the end; \
             norm=length, norm=gnmt or norm=gnmt:A ranks the finished by length too; minlen=half forbids <eos> \
             before half the source length (the guard of the paper's code), minlen=N before N words; beam off leaves",
        zh: "对源语言句子做宽度为 K（1 … 10）的束搜索，每按一次 Enter 前进一个位置，run 直接做完；\
             norm=length、norm=gnmt 或 norm=gnmt:A 在给完成的假设排序时也考虑长度；minlen=half 在写满源句长度的一半之前\
             不许输出 <eos>（论文代码里的保护），minlen=N 则是 N 个词之前；beam off 退出",
    };
    EXPORT {
        en: "every parameter and tensor as JSON (bahdanau-trace/2); grad adds ∂L/∂θ",
        zh: "把每个参数和张量导出为 JSON（bahdanau-trace/2）；加 grad 则附上 ∂L/∂θ",
    };
    SAVE {
        en: "save the whole session (parameters, scenario, position, qkv, training run)",
        zh: "保存整个会话（参数、场景、位置、qkv、训练进度）",
    };
    LOAD {
        en: "load a saved session (the current one stays if the file is bad)",
        zh: "载入保存的会话（文件有问题时，当前会话保持不变）",
    };
    COMPARE {
        en: "every score function at t, each one trained (before: untrained draws)",
        zh: "在 t 处比较每种打分函数，各自训练过（before：未经训练的随机权重）",
    };
    SCORE {
        en: "a trained score's walk beside the additive one (before: untrained)",
        zh: "某个训练过的打分函数逐步计算的过程，与加性注意力并排（before：未经训练）",
    };
    QKV {
        en: "read steps as queries, keys and values; separate: K ≠ V",
        zh: "用查询、键、值的说法来读各步；separate：K ≠ V",
    };
    DIAGNOSE {
        en: "entropy of each α_t, coverage, the pattern under each trained score (before: untrained); crossing \
             only if the words' argmax path (<eos> apart) equals the reference alignment, which reorders",
        zh: "每个 α_t 的熵、覆盖度、每种训练过的打分函数下的模式（before：未经训练）；只有当各词的 argmax 路径\
             （<eos> 除外）与调换了词序的参考对齐一致时，才算交叉",
    };
    MASK {
        en: "a padded batch of two sentences and what each mask fill does",
        zh: "由两个句子组成、带填充的批次，以及每种掩码填充值的效果",
    };
    BUG {
        en: "a classic mistake next to the right numbers (bug lists them)",
        zh: "一个典型错误与正确数字并排对照（bug 列出所有错误）",
    };
    BOTTLENECK {
        en: "BLEU of RNNencdec and RNNsearch by length over seeds (or: example, beam, seed K, run)",
        zh: "按句长比较 RNNencdec 与 RNNsearch 在多个种子上的 BLEU（或：example、beam、seed K、run）",
    };
    SCORES {
        en: "every score trained in RNNsearch, BLEU by length over seeds (or: sweep, seed K, run)",
        zh: "RNNsearch 中训练的每种打分函数，按句长给出多个种子上的 BLEU（或：sweep、seed K、run）",
    };
    EXERCISES {
        en: "every exercise with its status, and the one to do next",
        zh: "列出每道练习及其状态，以及下一道该做的",
    };
    HINT {
        en: "hints for exercise N: the idea, then (2) closer to the code",
        zh: "第 N 道练习的提示：先讲思路，(2) 再贴近代码",
    };
    LANG {
        en: "the language the REPL speaks: lang zh for Chinese, lang en for English",
        zh: "REPL 使用的语言：lang zh 用中文，lang en 用英文",
    };
    CLEAR { en: "clear the screen (Ctrl-L does the same)", zh: "清屏（Ctrl-L 也一样）" };
    HELP {
        en: "the commands by group; help NAME: one command and what it accepts",
        zh: "按组列出命令；help 名称：一个命令及其接受的参数",
    };
    QUIT { en: "leave (Ctrl-D does the same)", zh: "退出（Ctrl-D 也一样）" };
    START {
        en: "New here? Press Enter, and again: each press shows the next tensor of the translation \
             with its formula, shape and meaning. goto 10 jumps to the weights α; explain says what \
             the current step computes and why; alignment shows every α row as a heatmap.",
        zh: "第一次来？按 Enter，再按一次：每按一下，就显示翻译过程中的下一个张量，连同它的公式、形状和含义。\
             goto 10 跳到注意力权重 α；explain 讲解当前这一步算什么、为什么；alignment 把每行 α 画成热力图。",
    };
    MORE {
        en: "help NAME explains one command and lists what it accepts (help show: every name it \
             shows); help stepping, help looking, … give each command of a group one line; help all \
             lists every command.",
        zh: "help 名称讲解一个命令并列出它接受的参数（help show：它能显示的每个名字）；help stepping、\
             help looking……给一组里的每个命令各一行说明；help all 列出所有命令。",
    };
    KEYS {
        en: "Enter = next · Tab completes · Ctrl-L clears the screen\n\
             Ctrl-C cancels the line or stops a command · Ctrl-D quits\n\
             Rows, columns and positions count from 1, as in the paper.\n",
        zh: "Enter = next · Tab 补全 · Ctrl-L 清屏\n\
             Ctrl-C 取消这一行或停止命令 · Ctrl-D 退出\n\
             行、列和位置都从 1 开始数，与论文一致。\n",
    };
    NEXT_OR_ENTER { en: "next (or Enter)", zh: "next（或 Enter）" };
    /// Between the names of a list of commands: a comma in English, 、 in Chinese.
    NAMES_SEP { en: ", ", zh: "、" };
    ALSO { en: "  also:    ", zh: "  别名：" };
    ACCEPTS { en: "  accepts: ", zh: "  参数：" };
    GROUP { en: "  group:   ", zh: "  分组：" };
    CORPUS_LABEL { en: "  corpus:  ", zh: "  语料：" };
    TOY_ONLY {
        en: "the toy corpus only (on the real one, type corpus toy first)",
        zh: "只用于玩具语料（在真实语料上，先输入 corpus toy）",
    };
    IN_GROUP { en: "{$title} (help {$name} lists it)", zh: "{$title}（help {$name} 列出这一组）" };
}

/// What `help NAME` says a command accepts, by the kind of its arguments.
pub mod accepts {
    use crate::text::texts;

    texts! {
        NONE { en: "nothing: type just the command", zh: "不接受参数：只输入命令本身" };
        STEP {
            en: "a step 01 … 14 (or 1 … 14), optionally with t=1 … {$t}; or t=N alone to move to target word N at the \
                 same step; or a snapshot name such as step_10_t2; or a position as the prompt counts them, 15 … {$n} \
                 or K/{$n} (goto 42/{$n})",
            zh: "一个步骤 01 … 14（或 1 … 14），可以再加 t=1 … {$t}；或只写 t=N，停在同一步、换到第 N 个目标词；\
                 或一个快照名，如 step_10_t2；或提示符所数的位置，15 … {$n} 或 K/{$n}（goto 42/{$n}）",
        };
        NAME {
            en: "one name, then optionally t=N for another target word. The trace (once its step is reached): {$trace}. \
                 The parameters: {$params}. Also α, e_t, c_t, s_t, →h, ←h.",
            zh: "一个名字，可以再加 t=N 换一个目标词。轨迹中的张量（走到那一步之后）：{$trace}。\
                 参数：{$params}。也可以写 α、e_t、c_t、s_t、→h、←h。",
        };
        SOURCE {
            en: "nothing (to show the source), or a sentence in quotes made of these words (any case): {$words}",
            zh: "不写参数（显示源语言句子），或一个加引号的句子，只能用这些词（大小写不限）：{$words}",
        };
        TARGET {
            en: "nothing (to show the target), or a sentence in quotes made of these words (any case): {$words}",
            zh: "不写参数（显示目标句），或一个加引号的句子，只能用这些词（大小写不限）：{$words}",
        };
        DIMS {
            en: "nothing (to show them), or any of m=M n=N n'=N' l=L, each a whole number from 1 to {$max}",
            zh: "不写参数（显示当前大小），或 m=M n=N n'=N' l=L 中的任意几个，每个都是 1 到 {$max} 的整数",
        };
        NUMBER { en: "a whole number, as in {$example}", zh: "一个整数，例如 {$example}" };
        FILE {
            en: "a file name (Tab completes it); a name with spaces goes in quotes",
            zh: "一个文件名（Tab 可补全）；含空格的文件名要加引号",
        };
        COMMAND {
            en: "nothing, all, a group ({$groups}) or a command ({$commands})",
            zh: "不写参数、all、一个分组（{$groups}）或一个命令（{$commands}）",
        };
        SHAPES { en: "nothing, or the word params", zh: "不写参数，或写 params" };
        WORDS { en: "nothing, or one of: {$words}", zh: "不写参数，或以下之一：{$words}" };
        HYPOTHESIS {
            en: "nothing (the α rows reached so far), or h=N after a beam search for hypothesis N, as in {$name} h=2",
            zh: "不写参数（到目前为止的各行 α），或在束搜索之后写 h=N，看第 N 个假设，如 {$name} h=2",
        };
        TRAIN_EXAMPLE { en: "10 (epochs; nothing means 40)", zh: "10（轮数；不写则为 40）" };
        SEED_EXAMPLE { en: "7 (2014 gives the trained weights)", zh: "7（2014 给出训练好的权重）" };
        HINT_EXAMPLE { en: "5 (exercises lists the numbers)", zh: "5（exercises 列出练习编号）" };
    }
}
