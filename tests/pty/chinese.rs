//! The REPL in Chinese on a real terminal 60 columns wide: steps, `explain`
//! and `help` fit it, Chinese typed at the prompt gets a clear error that
//! names the vocabulary, Tab still completes, and `lang en` switches back.

use super::{WAIT, scratch};
use crate::term::{Pty, drawn_lines};

#[test]
fn chinese_at_60_columns_fits_and_chinese_input_is_refused_clearly() {
    let dir = scratch("chinese");
    let history = dir.join("history.txt");
    let env = [
        ("TERM", "xterm"),
        ("COLUMNS", "60"),
        ("BAHDANAU_LANG", "zh"),
        ("BAHDANAU_HISTORY", history.to_str().unwrap()),
    ];
    let mut t = Pty::spawn(&env);
    t.expect("[0/42 trained]> ", WAIT);
    t.send("\r");
    t.expect("步骤 01（第 1 步，共 42 步）", WAIT);
    t.send("goto 1\t0\r");
    t.expect("正在写“la”", WAIT);
    t.send("explain\r");
    t.expect("exp 就永远不会溢出", WAIT);
    t.send("help\r");
    t.expect("第一次来？", WAIT);
    t.send("source 猫\r");
    t.expect("词表里没有“猫”", WAIT);
    t.expect("词表里的词是：", WAIT);
    t.send("where\r");
    t.expect("你在步骤 10", WAIT);
    t.send("lang en\r");
    t.expect("now speaks English", WAIT);
    t.send("where\r");
    t.expect("You are at step 10", WAIT);
    t.send("quit\r");
    let status = t.wait(WAIT);
    let out = t.output();
    assert!(status.success(), "exit {status:?}\n{out}");
    assert!(!out.contains("panicked"), "{out}");
    let wide: Vec<String> = drawn_lines(&out)
        .into_iter()
        .filter(|l| bahdanau::layout::columns_of(l) > 60 && l.trim().contains(' '))
        .filter(|l| !l.contains("]> "))
        .collect();
    assert!(wide.is_empty(), "wider than the terminal's 60 columns:\n{}", wide.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}
