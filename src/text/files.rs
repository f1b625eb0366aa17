//! What reading and writing files says when it cannot: `save`, `load`,
//! `export` and the reports' result files, and every refusal of a session
//! file, each naming the field and what it holds as written.

use super::texts;

texts! {
    // Reading.
    COULD_NOT_READ { en: "could not read {$file}: {$error}", zh: "无法读取 {$file}：{$error}" };
    IS_A_FOLDER { en: "{$file} is a folder", zh: "{$file} 是一个文件夹" };
    NOT_REGULAR {
        en: "{$file} is not a regular file (a pipe, a device or a socket)",
        zh: "{$file} 不是普通文件（而是管道、设备或套接字）",
    };
    TOO_LARGE {
        en: "{$file} is larger than {$cap}, the most this program reads",
        zh: "{$file} 超过了 {$cap}，这是本程序读取的上限",
    };
    NOT_UTF8 { en: "{$file} is not UTF-8 text (byte {$byte} is not)", zh: "{$file} 不是 UTF-8 文本（第 {$byte} 个字节不是）" };
    LINE_TOO_LONG {
        en: "the line is longer than {$cap}, the most this program reads in one line",
        zh: "这一行超过了 {$cap}，这是本程序一行读取的上限",
    };
    // Writing.
    NOT_FINITE {
        en: "{$at} is not a finite number, and JSON cannot hold it; nothing was written to {$file}",
        zh: "{$at} 不是有限的数，JSON 存不下它；没有向 {$file} 写入任何内容",
    };
    COULD_NOT_ENCODE { en: "could not encode {$file}: {$error}", zh: "无法编码 {$file}：{$error}" };
    LINK_TO_NOTHING {
        en: "{$file} is a link to {$to}, which does not exist",
        zh: "{$file} 是指向 {$to} 的链接，而 {$to} 并不存在",
    };
    FOLDER_NOT_FILE {
        en: "{$file} is a folder; give a file name inside it",
        zh: "{$file} 是一个文件夹；请给出其中的一个文件名",
    };
    NAMES_NO_FILE { en: "{$file} does not name a file", zh: "{$file} 不是一个文件名" };
    GIVE_REGULAR {
        en: "give the name of a regular file (a new name is fine)",
        zh: "请给出一个普通文件的名字（新名字也可以）",
    };
    NOT_REGULAR_TO_WRITE {
        en: "{$file} is {$kind}, not a regular file; nothing was written: {$instead}",
        zh: "{$file} 是{$kind}，不是普通文件；没有写入任何内容：{$instead}",
    };
    KIND_FOLDER { en: "a folder", zh: "文件夹" };
    KIND_PIPE { en: "a pipe (FIFO)", zh: "管道（FIFO）" };
    KIND_SOCKET { en: "a socket", zh: "套接字" };
    KIND_DEVICE { en: "a device", zh: "设备" };
    KIND_OTHER { en: "a special file", zh: "特殊文件" };
    STREAM_INPUT { en: "standard input", zh: "标准输入" };
    STREAM_OUTPUT { en: "standard output", zh: "标准输出" };
    STREAM_ERROR { en: "standard error", zh: "标准错误" };
    OWN_STREAM {
        en: "{$file} is this program's {$stream}; replacing it would lose what is written there. \
             Nothing was written: {$instead}",
        zh: "{$file} 是本程序的{$stream}；替换它会丢掉已经写在那里的内容。没有写入任何内容：{$instead}",
    };
    HARD_LINKS {
        en: "{$file} has {$n} names (hard links); a new file under this name would leave the other names \
             with the old contents. Nothing was written: give another name, or copy the file (cp) to \
             give it a name of its own",
        zh: "{$file} 有 {$n} 个名字（硬链接）；用这个名字写一个新文件，其他名字仍会指向旧内容。\
             没有写入任何内容：请换一个名字，或者先复制（cp）这个文件，让它有自己的名字",
    };
    COULD_NOT_WRITE_KEPT {
        en: "could not write {$file}: {$error}; any earlier {$file} is unchanged",
        zh: "无法写入 {$file}：{$error}；原有的 {$file}（如果有）保持不变",
    };
    COULD_NOT_CREATE { en: "could not create {$dir}: {$error}", zh: "无法创建 {$dir}：{$error}" };
    SET_UNCHANGED { en: "{$error}; no file in {$dir} was changed", zh: "{$error}；{$dir} 里的文件都没有改动" };
    COULD_NOT_WRITE { en: "could not write {$file}: {$error}", zh: "无法写入 {$file}：{$error}" };
    SET_NOT_WRITTEN {
        en: "could not write the results into {$dir}: {$error}; no file was changed",
        zh: "无法把结果写入 {$dir}：{$error}；没有改动任何文件",
    };
    // save and load
    FILE_NAME_HIDDEN {
        en: "the file name \"{$name}\" holds control characters: choose a plain name, as in {$command} {$example}",
        zh: "文件名 \"{$name}\" 含有控制字符：请换一个普通的名字，例如 {$command} {$example}",
    };
    NEEDS_FILE { en: "{$command} needs one file name: {$command} {$example}", zh: "{$command} 需要一个文件名：{$command} {$example}" };
    EXPORT_EXTRA {
        en: "export takes a file name and then grad or nothing, not \"{$word}\": export trace.json grad",
        zh: "export 接受一个文件名，后面跟 grad 或什么都不跟，不能跟 \"{$word}\"：export trace.json grad",
    };
    WROTE_TRACE {
        en: "Wrote every parameter and tensor to {$file} (format {$format}).",
        zh: "已把所有参数和张量写入 {$file}（格式 {$format}）。",
    };
    WROTE_TRACE_GRAD {
        en: "Wrote every parameter, tensor and gradient to {$file} (format {$format}).",
        zh: "已把所有参数、张量和梯度写入 {$file}（格式 {$format}）。",
    };
    SAVED {
        en: "Saved the session to {$file}; load {$file} brings it back.",
        zh: "会话已保存到 {$file}；输入 load {$file} 可以恢复。",
    };
    LOADED {
        en: "Loaded {$file}: {$shown} of {$n} steps shown.",
        zh: "已载入 {$file}：共 {$n} 步，已显示 {$shown} 步。",
    };
    SAVE_FAILED { en: "{$error}; give a path you can write to", zh: "{$error}；请给出一个可以写入的路径" };
    LOAD_UNREADABLE { en: "{$error}; give a file written by save", zh: "{$error}；请给出一个由 save 写出的文件" };
    NOT_A_SESSION {
        en: "{$file} is not a session this program can load: {$error}",
        zh: "{$file} 不是本程序能载入的会话：{$error}",
    };
    NOT_JSON { en: "it is not valid JSON ({$error})", zh: "它不是有效的 JSON（{$error}）" };
    BAD_LANG {
        en: "its \"lang\" is {$value}, but a session speaks \"en\" or \"zh\"",
        zh: "它的 \"lang\" 是 {$value}，但会话只能是 \"en\" 或 \"zh\"",
    };
    BAD_FORMAT {
        en: "its format is \"{$format}\", but this program reads \"{$v2}\" and \"{$v1}\"",
        zh: "它的格式是 \"{$format}\"，但本程序只读 \"{$v2}\" 和 \"{$v1}\"",
    };
    BAD_SENTENCE {
        en: "the {$key} sentence must be single words ending in <eos>",
        zh: "{$key} 句子必须由单个的词组成，并以 <eos> 结尾",
    };
    OVERFLOWS {
        en: "the parameter {$name} holds {$value}, too large: the forward pass overflows ({$at} is not finite)",
        zh: "参数 {$name} 的值是 {$value}，太大了：前向计算会溢出（{$at} 不是有限的数）",
    };
    IN_TRAINING { en: "in \"training\": {$error}", zh: "在 \"training\" 中：{$error}" };
    TOO_MANY_VALUES {
        en: "it holds {$n} values, more than any session this program saves ({$most} at most)",
        zh: "它含有 {$n} 个值，比本程序保存的任何会话都多（最多 {$most} 个）",
    };
    // A field of a session file.
    DESCRIBE_NULL { en: "null", zh: "空值 null" };
    DESCRIBE_BOOL { en: "{$value}", zh: "布尔值 {$value}" };
    DESCRIBE_NUMBER { en: "the number {$n}", zh: "数 {$n}" };
    DESCRIBE_TEXT { en: "the text \"{$text}\"", zh: "文本 \"{$text}\"" };
    DESCRIBE_LIST { en: "a list", zh: "一个列表" };
    DESCRIBE_OBJECT { en: "an object", zh: "一个对象" };
    FIELD_MISSING { en: "the field \"{$key}\" is missing", zh: "缺少字段 \"{$key}\"" };
    NOT_TEXT { en: "\"{$key}\" is {$value}, where a text belongs", zh: "\"{$key}\" 是{$value}，这里应该是文本" };
    NOT_WHOLE {
        en: "\"{$key}\" is {$value}, but it must be a whole number ≥ 0",
        zh: "\"{$key}\" 是{$value}，但它必须是 ≥ 0 的整数",
    };
    FIELD_TOO_LARGE { en: "\"{$key}\" is too large", zh: "\"{$key}\" 太大了" };
    NOT_NUMBER { en: "\"{$key}\" is {$value}, but it must be a number", zh: "\"{$key}\" 是{$value}，但它必须是数" };
    NOT_FLAG {
        en: "\"{$key}\" is {$value}, but it must be true or false",
        zh: "\"{$key}\" 是{$value}，但它必须是 true 或 false",
    };
    NOT_WORDS {
        en: "\"{$key}\" is {$value}, but it must be a list of words",
        zh: "\"{$key}\" 是{$value}，但它必须是词的列表",
    };
    NOT_A_WORD { en: "\"{$key}\" holds {$value}, not a word", zh: "\"{$key}\" 含有{$value}，不是词" };
    IN_FIELD { en: "{$name}: {$error}", zh: "在 {$name} 中：{$error}" };
    BAD_SHAPE {
        en: "{$name} has shape {$written}, but these dims need [{$rows}, {$cols}]",
        zh: "{$name} 的形状是 {$written}，但这组维度需要 [{$rows}, {$cols}]",
    };
    DATA_NOT_LIST {
        en: "{$name}.data is {$value}, not a list of numbers",
        zh: "{$name}.data 是{$value}，不是数的列表",
    };
    DATA_LENGTH {
        en: "{$name} has {$n} numbers, but its shape needs {$want}",
        zh: "{$name} 有 {$n} 个数，但它的形状需要 {$want} 个",
    };
    DATA_NOT_NUMBER {
        en: "{$name}.data[{$i}] is {$value}, not a number",
        zh: "{$name}.data[{$i}] 是{$value}，不是数",
    };
    NOT_MATRICES {
        en: "\"{$what}\" is {$value}, not an object of matrices",
        zh: "\"{$what}\" 是{$value}，不是由矩阵组成的对象",
    };
    PARAMETER_MISSING {
        en: "the parameter \"{$name}\" is missing from {$what}",
        zh: "{$what} 里缺少参数 \"{$name}\"",
    };
    NOT_A_PARAMETER {
        en: "\"{$what}\" holds \"{$name}\", which is not a parameter of the model",
        zh: "\"{$what}\" 含有 \"{$name}\"，但模型没有这个参数",
    };
    // The "training" section.
    EPOCHS_PAST_MOST {
        en: "\"epochs_done\" is {$done}, more than {$most}, the most epochs a run keeps",
        zh: "\"epochs_done\" 是 {$done}，超过了一次训练最多保留的 {$most} 轮",
    };
    EPOCHS_CHECKPOINTS {
        en: "\"epochs_done\" is {$done}, but there are {$n} checkpoints (one per epoch, from 0)",
        zh: "\"epochs_done\" 是 {$done}，但有 {$n} 个检查点（从 0 起每轮一个）",
    };
    CHECKPOINT_EPOCH {
        en: "checkpoint {$i}'s \"epoch\" is {$epoch}, but it must be {$i}",
        zh: "检查点 {$i} 的 \"epoch\" 是 {$epoch}，但它必须是 {$i}",
    };
    BEST_PAST {
        en: "the best \"epoch\" is {$best}, past \"epochs_done\" ({$done})",
        zh: "best 的 \"epoch\" 是 {$best}，超过了 \"epochs_done\"（{$done}）",
    };
    OTHER_SETUP {
        en: "\"training\" was made with another training set-up than this program's; delete the \"training\" \
             section to load the rest",
        zh: "\"training\" 是用与本程序不同的训练设置得到的；删掉 \"training\" 这一节即可载入其余部分",
    };
    NOT_A_LIST { en: "\"{$key}\" is {$value}, not a list", zh: "\"{$key}\" 是{$value}，不是列表" };
    CHECKPOINT { en: "checkpoint {$i}", zh: "检查点 {$i}" };
    CHECKPOINT_ALIGNMENT { en: "checkpoint {$i}'s alignment", zh: "检查点 {$i} 的对齐" };
    ADAM_STEPS {
        en: "\"steps\" of \"adam\" is more than {$most}, the most this program counts",
        zh: "\"adam\" 的 \"steps\" 超过了 {$most}，这是本程序能计数的上限",
    };

    // The line editor's history file: read at the start, added to at the end.
    HISTORY_WARNING { en: "warning: {$error}", zh: "警告：{$error}" };
    HISTORY_NOT_SAVED { en: "warning: the history was not saved ({$error})", zh: "警告：历史记录没有保存（{$error}）" };
    HISTORY_LEFT {
        en: "starting without it and leaving {$path} as it is",
        zh: "先不用它启动，{$path} 保持原样",
    };
    HISTORY_UNREADABLE {
        en: "could not read the history {$path} ({$error}); {$left}",
        zh: "无法读取历史记录 {$path}（{$error}）；{$left}",
    };
    HISTORY_REFUSED {
        en: "{$error}; {$left} (delete it, or set {$var} to another file)",
        zh: "{$error}；{$left}（可以删掉它，或者把 {$var} 设为另一个文件）",
    };
    HISTORY_NOT_UTF8 {
        en: "line {$line} of the history {$path} is not UTF-8 text; {$left} (delete it, or set {$var} to another file)",
        zh: "历史记录 {$path} 的第 {$line} 行不是 UTF-8 文本；{$left}（可以删掉它，或者把 {$var} 设为另一个文件）",
    };
    HISTORY_NO_DIR { en: "could not create {$dir}: {$error}", zh: "无法创建 {$dir}：{$error}" };
    HISTORY_NO_WRITE { en: "could not write {$path}: {$error}", zh: "无法写入 {$path}：{$error}" };
    HISTORY_AS_IT_WAS { en: "the history is as it was", zh: "历史记录保持原样" };
    HISTORY_LAST_CUT { en: "its last line may be cut", zh: "它的最后一行可能被截断了" };
    HISTORY_NOT_ADDED {
        en: "could not write {$path}: {$error}; this session's lines were not added, {$left} \
             (free some space there, or set {$var} to a file on another disk)",
        zh: "无法写入 {$path}：{$error}；这次输入的命令没有加进去，{$left}\
             （请在那里腾出空间，或者把 {$var} 设为另一块磁盘上的文件）",
    };
    HISTORY_REPLACED {
        en: "{$path} kept being replaced by another program; this session's lines were not added",
        zh: "{$path} 一直被别的程序替换；这次输入的命令没有加进去",
    };
    HISTORY_NOT_FILE { en: "{$path} is not a regular file; it is left alone", zh: "{$path} 不是普通文件；不会去动它" };
    HISTORY_NO_LOCK { en: "could not lock {$path}: {$error}", zh: "无法锁定 {$path}：{$error}" };
}
