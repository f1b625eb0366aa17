//! What the exercise checker says around each exercise's own hints: the
//! report of `cargo test --test exercises` and of watch mode, the REPL's
//! `exercises` listing and `hint N`, and the line at the end of a full
//! `cargo test`. The hints themselves are [`super::exercises`]'.

use super::texts;

texts! {
    STEP { en: " (step {$step})", zh: "（第 {$step} 步）" };
    REPORT_HEAD {
        en: "Exercises: your own implementation of each step, in tests/exercises/",
        zh: "练习：每一步都由你自己实现，代码在 tests/exercises/ 里",
    };
    PASSED_SOLUTION {
        en: "passed! The reference solution ({$file}, ANCHOR {$anchor}), to compare:",
        zh: "通过了！参考解答（{$file}，ANCHOR {$anchor}）如下，可以对照：",
    };
    SOLUTION_AT {
        en: "solution to compare with: {$file}, ANCHOR {$anchor}",
        zh: "可以对照的参考解答：{$file}，ANCHOR {$anchor}",
    };
    PENDING { en: "pending", zh: "尚未完成" };
    /// Between an exercise's name and its file or state.
    NAME_SEP { en: ": ", zh: "：" };
    PENDING_STRICT {
        en: "pending, and strict mode counts it as a failure",
        zh: "尚未完成，严格模式把它算作失败",
    };
    PROGRESS {
        en: "Progress: {$pass} of {$total} passed, {$fail} failing, {$pending} pending.",
        zh: "进度：{$total} 个练习中 {$pass} 个通过，{$fail} 个失败，{$pending} 个尚未完成。",
    };
    COUNTS {
        en: "Exercises: {$pass} of {$total} passed, {$fail} failing, {$pending} pending.",
        zh: "练习：{$total} 个中 {$pass} 个通过，{$fail} 个失败，{$pending} 个尚未完成。",
    };
    NEXT_WRITE {
        en: "Next: open {$file} and write {$function}:",
        zh: "下一步：打开 {$file}，写出 {$function}：",
    };
    READ_THEN_HINT {
        en: "(read {$chapter}; `hint {$id}` in the REPL gives a hint)",
        zh: "（先读 {$chapter}；在 REPL 里输入 `hint {$id}` 看提示）",
    };
    WATCH_READ_THEN_HINT {
        en: "(read {$chapter}; h gives a hint)",
        zh: "（先读 {$chapter}；按 h 看提示）",
    };
    CHECK_AGAIN {
        en: "Check again with: cargo test --test exercises",
        zh: "改完再检查：cargo test --test exercises",
    };
    ALL_PASS {
        en: "Every exercise passes. The final check, with pending ones failing:",
        zh: "所有练习都通过了。最后的检查（未完成的练习算作失败）：",
    };
    WATCH_PASSES {
        en: "✓ {$id} {$title} passes. The reference solution, to compare:",
        zh: "✓ {$id} {$title} 通过了。参考解答如下，可以对照：",
    };
    // One failure.
    CASE {
        en: "case {$case} of {$cases}: {$label}",
        zh: "第 {$case} 个用例（共 {$cases} 个）：{$label}",
    };
    EXPECTED { en: "expected", zh: "期望" };
    GOT { en: "got", zh: "得到" };
    GOT_PANIC { en: "got:  a panic: {$panic}", zh: "得到：panic：{$panic}" };
    FIRST_DIFF {
        en: "first difference at {$at}: expected {$expected}, got {$got} (tolerance {$tolerance} × max(1, |expected|))",
        zh: "第一处不同在 {$at}：期望 {$expected}，得到 {$got}（容差为 {$tolerance} 乘以期望值的绝对值，最小为 {$tolerance}）",
    };
    SHAPES_DIFFER {
        en: "the shapes differ: expected {$expected}, got {$got}",
        zh: "形状不同：期望 {$expected}，得到 {$got}",
    };
    SHAPE_WRONG {
        en: "the shape is wrong: expected {$expected}, got {$got}. Check which axis each index runs over. {$hint}",
        zh: "形状不对：期望 {$expected}，得到 {$got}。检查每个下标沿哪个轴走。{$hint}",
    };
    ANOTHER_SHAPE { en: "another shape", zh: "另一种形状" };
    HINT_HEAD { en: "hint: ", zh: "提示：" };
    READ_FIX_RERUN {
        en: "read {$chapter}, then fix {$file} and run `cargo test --test exercises` again; `hint {$id} 2` in the \
             REPL is a hint closer to the code",
        zh: "先读 {$chapter}，再改 {$file}，然后重新运行 `cargo test --test exercises`；在 REPL 里输入 \
             `hint {$id} 2` 可以看更贴近代码的提示",
    };
    // The REPL's `exercises` listing.
    STATUS_PASSED { en: "✓ passed", zh: "✓ 通过" };
    STATUS_FAILING { en: "✗ failing", zh: "✗ 失败" };
    STATUS_PENDING { en: "· pending", zh: "· 未完成" };
    STATUS_CHANGED { en: "? changed", zh: "? 已改动" };
    STATUS_MISSING { en: "! missing", zh: "! 缺失" };
    STATUS_FOLDER { en: "! folder", zh: "! 是目录" };
    STATUS_SPECIAL { en: "! special", zh: "! 特殊文件" };
    STATUS_TOO_BIG { en: "! too big", zh: "! 过大" };
    STATUS_UNREADABLE { en: "! no read", zh: "! 不可读" };
    COL_NUMBER { same: "#" };
    COL_STATUS { en: "status", zh: "状态" };
    COL_EXERCISE { en: "exercise", zh: "练习" };
    COL_STEP { en: "step", zh: "步骤" };
    COL_FILE { en: "file, in tests/exercises/", zh: "文件（在 tests/exercises/ 里）" };
    COL_NARROW { en: "exercise · step · file, in tests/exercises/", zh: "练习 · 步骤 · 文件（在 tests/exercises/ 里）" };
    NARROW_STEP { en: " · step {$step}", zh: " · 第 {$step} 步" };
    LISTED_PASSED {
        en: "{$passed} of {$total} passed (as of the last check, `cargo test --test exercises`).",
        zh: "{$total} 个中 {$passed} 个通过（以上一次检查为准，即 `cargo test --test exercises`）。",
    };
    LISTED_CHANGED {
        en: "? changed: edited since the last check; `cargo test --test exercises` checks it.",
        zh: "? 已改动：上次检查后改过；`cargo test --test exercises` 会重新检查。",
    };
    LISTED_MISSING {
        en: "! missing: the file is gone; `git checkout -- tests/exercises` brings it back.",
        zh: "! 缺失：文件不见了；`git checkout -- tests/exercises` 可以把它找回来。",
    };
    PROBLEM_FOLDER {
        en: "{$file} is a folder, not the exercise's file. Move it aside (`mv {$file} {$file}.folder`), then \
             `git checkout -- {$file}` brings the exercise back.",
        zh: "{$file} 是一个目录，不是练习文件。先把它挪开（`mv {$file} {$file}.folder`），再用 \
             `git checkout -- {$file}` 找回练习。",
    };
    PROBLEM_SPECIAL {
        en: "{$file} is a pipe, a device or a socket, not a file, so it is not read. Remove it (`rm {$file}`), \
             then `git checkout -- {$file}` brings the exercise back.",
        zh: "{$file} 是管道、设备或套接字，不是普通文件，所以不会读取。先删掉它（`rm {$file}`），再用 \
             `git checkout -- {$file}` 找回练习。",
    };
    PROBLEM_TOO_BIG {
        en: "{$file} is larger than {$limit}, more than an exercise file can be, so it is not read. Move it aside \
             (`mv {$file} {$file}.big`), then `git checkout -- {$file}` brings the exercise back.",
        zh: "{$file} 超过 {$limit}，练习文件不可能这么大，所以不会读取。先把它挪开（`mv {$file} {$file}.big`），\
             再用 `git checkout -- {$file}` 找回练习。",
    };
    PROBLEM_UNREADABLE {
        en: "{$file} is there but cannot be read (check its permissions: `ls -l {$file}`); `chmod u+r {$file}` \
             lets the checker read it.",
        zh: "{$file} 存在，但读不了（看看权限：`ls -l {$file}`）；`chmod u+r {$file}` 之后检查器就能读了。",
    };
    LISTED_NEXT_HEAD { en: "Next: ", zh: "下一步：" };
    LISTED_NEXT {
        en: "exercise {$id}, {$title}: open {$file}, then run `cargo test --test exercises` (or `cargo run -- \
             watch`). `hint {$id}` gives a hint.",
        zh: "练习 {$id}，{$title}：打开 {$file}，然后运行 `cargo test --test exercises`（或 `cargo run -- \
             watch`）。`hint {$id}` 可以看提示。",
    };
    ALL_DONE {
        en: "All done. BAHDANAU_STRICT=1 cargo test --test exercises is the final check.",
        zh: "全部完成。最后的检查是 BAHDANAU_STRICT=1 cargo test --test exercises。",
    };
    // The end of a full `cargo test`.
    NOT_CHECKED {
        en: "Exercises: not checked yet; `cargo test --test exercises` checks them.",
        zh: "练习：还没有检查过；`cargo test --test exercises` 会检查它们。",
    };
    SUMMARY_NEXT { en: "Next: {$file} ({$title}).", zh: "下一步：{$file}（{$title}）。" };
    SUMMARY_DETAILS {
        en: "Details: cargo test --test exercises · on every save: cargo run -- watch",
        zh: "详情：cargo test --test exercises · 每次保存都检查：cargo run -- watch",
    };
    // `hint N`.
    HINT_USAGE {
        en: "`hint` takes an exercise number from 1 to {$last}, for example `hint 6`, and then `hint 6 2`; \
             `exercises` lists them",
        zh: "`hint` 后面跟练习编号（1 到 {$last}），例如 `hint 6`，再用 `hint 6 2` 看第二条提示；`exercises` 列出全部练习",
    };
    NO_EXERCISE {
        en: "there is no exercise {$id}: they are numbered 1 to {$last}; `exercises` lists them",
        zh: "没有第 {$id} 个练习：编号从 1 到 {$last}；`exercises` 列出全部练习",
    };
    HINT_LEVELS {
        en: "exercise {$id} has hints 1 and 2, not \"{$other}\": `hint {$id}` or `hint {$id} 2`",
        zh: "练习 {$id} 只有提示 1 和 2，没有“{$other}”：请输入 `hint {$id}` 或 `hint {$id} 2`",
    };
    HINT_EXERCISE { en: "Exercise {$id} · {$title}{$step}", zh: "练习 {$id} · {$title}{$step}" };
    HINT_FORMULA { en: "formula:", zh: "公式：" };
    HINT_N { en: "hint {$n}:", zh: "提示 {$n}：" };
    HINT_FILE { en: "file:", zh: "文件：" };
    HINT_READ { en: "read:", zh: "阅读：" };
    HINT_THEN_2 {
        en: "`hint {$id} 2` gives a hint closer to the code.",
        zh: "`hint {$id} 2` 给出更贴近代码的提示。",
    };
    HINT_THEN_SOLUTION {
        en: "The solution is shown once the exercise passes.",
        zh: "练习通过后会显示参考解答。",
    };
    HINT_THEN_CHECK {
        en: "{$then} Then run `cargo test --test exercises` to check it.",
        zh: "{$then}写好后运行 `cargo test --test exercises` 检查。",
    };
    // Watch mode (`cargo run -- watch`).
    WATCH_FOOTER {
        en: "h: next hint · q: quit · save a file in tests/exercises/ to check it again",
        zh: "h：下一条提示 · q：退出 · 保存 tests/exercises/ 里的文件即重新检查",
    };
    WATCH_CHECK_ONCE { en: "Check once with: cargo test --test exercises", zh: "只检查一次：cargo test --test exercises" };
    WATCH_NEEDS_TERMINAL {
        en: "watch needs a terminal: it clears the screen and reads single keys. On a pipe or in a script, check \
             once with: cargo test --test exercises",
        zh: "watch 需要一个终端：它会清屏并读取单个按键。在管道或脚本里，请用 cargo test --test exercises 检查一次",
    };
    WATCH_FOLDER_ERROR {
        en: "error: {$error}; watch re-checks the exercises in that folder",
        zh: "错误：{$error}；watch 检查的是那个文件夹里的练习",
    };
    WATCH_NOT_THERE {
        en: "watch re-checks the files in {$folder}/tests/exercises/, which are not there.",
        zh: "watch 检查的是 {$folder}/tests/exercises/ 里的文件，但那里没有这些文件。",
    };
    WATCH_RUN_FROM {
        en: "Run it from the project's source folder: cargo run -- watch",
        zh: "请在项目的源代码文件夹里运行：cargo run -- watch",
    };
    WATCH_NO_KEYS {
        en: "watch could not read single keys from this terminal; check with: cargo test --test exercises",
        zh: "watch 无法从这个终端读取单个按键；请用 cargo test --test exercises 检查",
    };
    WATCH_CHECKING { en: "checking (cargo test --test exercises)…", zh: "检查中（cargo test --test exercises）…" };
    WATCH_NO_CARGO {
        en: "could not start cargo ({$error}); is it on PATH? Check with: cargo test --test exercises",
        zh: "无法启动 cargo（{$error}）；它在 PATH 里吗？请用 cargo test --test exercises 检查",
    };
    WATCH_HINT_1 { en: "hint 1, the idea", zh: "提示 1，思路" };
    WATCH_HINT_2 { en: "hint 2, closer to the code", zh: "提示 2，更贴近代码" };
    WATCH_HINT_HEAD { en: "Exercise {$id} {$name}: ", zh: "练习 {$id} {$name}：" };
    WATCH_NO_MORE_HINTS {
        en: "No more hints: read {$chapter}; the solution shows once it passes.",
        zh: "没有更多提示了：读一读 {$chapter}；通过后会显示参考解答。",
    };
    WATCH_HEAD { en: "bahdanau watch · check {$n}", zh: "bahdanau watch · 第 {$n} 次检查" };
    WATCH_ENDED { en: "watch ended. {$then}", zh: "watch 已结束。{$then}" };
    WATCH_WRITE_FAILED {
        en: "error: could not write to the terminal ({$error}); watch ended. {$then}",
        zh: "错误：无法写入终端（{$error}）；watch 已结束。{$then}",
    };
    WATCH_DOES_NOT_COMPILE { en: "Your code does not compile yet:", zh: "你的代码还编译不过：" };
}
