//! What commands answer, beyond the steps themselves.

use super::texts;

texts! {
    LANG_NOW {
        en: "The REPL speaks English. lang zh switches to Chinese (lang en back). Without lang, the language \
             is BAHDANAU_LANG (en or zh), else the locale: LC_ALL, LC_MESSAGES or LANG starting with zh means \
             Chinese. Only the words change: numbers, saved results and exported traces are the same in both.",
        zh: "REPL 现在用中文。lang en 切换到英文（lang zh 切回来）。不用 lang 时，语言由 BAHDANAU_LANG（en 或 zh）\
             决定，没有设置就看区域设置：LC_ALL、LC_MESSAGES 或 LANG 以 zh 开头即为中文。切换的只是文字：\
             数字、保存的结果和导出的轨迹在两种语言下完全相同。",
    };
    LANG_SET {
        en: "The REPL now speaks English; lang zh switches to Chinese. The session is as it was.",
        zh: "REPL 现在用中文显示；lang en 切换回英文。会话保持原样。",
    };
}
