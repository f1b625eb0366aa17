//! What the command line says: its errors (an argument it does not know, an
//! option without its value or its mode), where a script's error happened,
//! and what the program says when a file or the terminal fails it.

use super::texts;

texts! {
    // How every error line reads, and where it happened.
    /// The head of every error line; the colour paints what precedes the message.
    ERROR { en: "error: {$message}", zh: "错误：{$message}" };
    /// Around the line a script's error quotes: "command 2 (`goto 99`)".
    OPEN { en: " (", zh: "（" };
    CLOSE { en: ")", zh: "）" };
    PLACE_STDIN { en: "line {$n} of standard input", zh: "标准输入的第 {$n} 行" };
    PLACE_FILE { en: "line {$n} of {$file}", zh: "文件 {$file} 的第 {$n} 行" };
    PLACE_COMMAND { en: "command {$n}", zh: "第 {$n} 条命令" };
    COULD_NOT_READ_PLACE { en: "could not read {$place}", zh: "无法读取{$place}" };
    STOPPED_AT { en: "stopped by Ctrl-C at {$place}", zh: "在{$place}处被 Ctrl-C 停下" };
    // The program's own failures.
    SCRIPT_UNREADABLE {
        en: "{$error}; give the path of a text file of commands",
        zh: "{$error}；请给出一个命令文本文件的路径",
    };
    EXPORT_FAILED {
        en: "{$error}; give a path in a folder you can write to, for example --export trace.json",
        zh: "{$error}；请给出一个可以写入的文件夹里的路径，例如 --export trace.json",
    };
    EXPORT_WROTE {
        en: "wrote the trace of {$n} steps to {$file}",
        zh: "已把 {$n} 个步骤的轨迹写入 {$file}",
    };
    EXPORT_WROTE_GRAD {
        en: "wrote the trace of {$n} steps and the gradient of its loss to {$file}",
        zh: "已把 {$n} 个步骤的轨迹及其损失的梯度写入 {$file}",
    };
    STDOUT_FAILED {
        en: "could not write to standard output ({$error}); the output is incomplete",
        zh: "无法写入标准输出（{$error}）；输出不完整",
    };
    TERMINAL_OPEN {
        en: "could not open the terminal for editing ({$error}); try bahdanau < script.txt instead",
        zh: "无法打开终端进行行编辑（{$error}）；可以改用 bahdanau < script.txt",
    };
    TERMINAL_READ {
        en: "could not read the terminal ({$error}); the history is saved",
        zh: "无法读取终端（{$error}）；历史记录已保存",
    };
    LINE_CANCELLED { en: "(line cancelled: Ctrl-D or quit leaves)", zh: "（这一行已取消：按 Ctrl-D 或输入 quit 退出）" };
    LINE_NOT_UTF8 {
        en: "the line held a byte that is not UTF-8 text, so it was dropped; type it again (and set the terminal \
             to UTF-8 if it is not)",
        zh: "这一行含有不是 UTF-8 文本的字节，因此被丢弃了；请重新输入（如果终端不是 UTF-8，请把它设为 UTF-8）",
    };
    REPORT_STOPPED {
        en: "stopped by Ctrl-C; no result file was written or changed",
        zh: "被 Ctrl-C 停下；没有写入或改动任何结果文件",
    };
    RESULTS_UNREADABLE { en: "the results could not be read back", zh: "无法读回刚写出的结果" };
    // The arguments.
    NEEDS_VALUE {
        en: "{$option} needs a value after it, as in {$example}",
        zh: "{$option} 后面需要一个值，例如 {$example}",
    };
    SEEDS_NOT_UTF8 {
        en: "the seeds after --seeds are not UTF-8 text; type them as in --seeds 6-10",
        zh: "--seeds 后面的种子不是 UTF-8 文本；请照 --seeds 6-10 的样子输入",
    };
    COMMANDS_NOT_UTF8 {
        en: "the commands after -c are not UTF-8 text; type them again, as in -c \"goto 10; show alpha\"",
        zh: "-c 后面的命令不是 UTF-8 文本；请重新输入，例如 -c \"goto 10; show alpha\"",
    };
    UNRECOGNISED {
        en: "unrecognised argument {$arg}; {$hint}bahdanau --help lists them",
        zh: "无法识别的参数 {$arg}；{$hint}bahdanau --help 会列出所有参数",
    };
    DID_YOU_MEAN { en: "did you mean {$name}? ", zh: "你是想写 {$name} 吗？" };
    NO_REPORT {
        en: "there is no report \"{$name}\"; {$hint}type bahdanau report and one of {$reports}",
        zh: "没有叫“{$name}”的报告；{$hint}请输入 bahdanau report 加下列名称之一：{$reports}",
    };
    DID_YOU_MEAN_REPORT { en: "did you mean report {$name}? ", zh: "你是想写 report {$name} 吗？" };
    REPORT_NEEDS_NAME {
        en: "report needs a name after it: type bahdanau report and one of {$reports}",
        zh: "report 后面需要一个名称：请输入 bahdanau report 加下列名称之一：{$reports}",
    };
    CORPUS_FETCH_ONLY {
        en: "corpus takes one word, fetch: type bahdanau corpus fetch (or corpus fetch DIR)",
        zh: "corpus 只接受一个词 fetch：请输入 bahdanau corpus fetch（或 corpus fetch 文件夹）",
    };
    TWO_MODES {
        en: "{$first} and {$second} each choose what to run; give one of them (bahdanau --help lists them)",
        zh: "{$first} 和 {$second} 各自选定了要运行的内容；只能给其中一个（bahdanau --help 会列出它们）",
    };
    GRAD_ALONE {
        en: "--grad goes with --export: type bahdanau --export trace.json --grad",
        zh: "--grad 要和 --export 一起用：请输入 bahdanau --export trace.json --grad",
    };
    QUICK_ALONE {
        en: "--quick goes with the real report: type bahdanau report real --quick",
        zh: "--quick 要和真实语料的报告一起用：请输入 bahdanau report real --quick",
    };
    KEEP_ALONE {
        en: "--keep-download goes with the corpus fetch: type bahdanau corpus fetch --keep-download",
        zh: "--keep-download 要和下载语料一起用：请输入 bahdanau corpus fetch --keep-download",
    };
    SEEDS_ALONE {
        en: "--seeds goes with the bottleneck or scores report: type bahdanau report bottleneck --seeds 6-10",
        zh: "--seeds 要和 bottleneck 或 scores 报告一起用：请输入 bahdanau report bottleneck --seeds 6-10",
    };
    // --seeds
    SEEDS_BAD {
        en: "--seeds {$text}: {$why}; give a count such as 5, or a list such as 6,7,8 or 6-10",
        zh: "--seeds {$text}：{$why}；请给出一个个数（如 5），或一个列表（如 6,7,8 或 6-10）",
    };
    NOT_WHOLE { en: "{$word} is not a whole number", zh: "{$word} 不是整数" };
    COUNT_RANGE { en: "the count must be 1 to 100", zh: "个数必须在 1 到 100 之间" };
    RANGE_UPWARDS {
        en: "the range {$a}-{$b} must run upwards, at most 100 seeds",
        zh: "范围 {$a}-{$b} 必须从小到大，最多 100 个种子",
    };
    NO_SEED { en: "no seed given", zh: "没有给出种子" };
    AT_MOST_100 { en: "at most 100 seeds", zh: "最多 100 个种子" };
}
