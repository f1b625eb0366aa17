//! The REPL in Chinese on a real terminal 60 columns wide: steps, `explain`
//! and `help` fit it, Chinese typed at the prompt gets a clear error that
//! names the vocabulary, Tab still completes, and `lang en` switches back.

use super::{WAIT, scratch};
use crate::term::{Session, drawn_lines};

#[test]
fn chinese_at_60_columns_fits_and_chinese_input_is_refused_clearly() {
    let mut t = Session::start(scratch("chinese"), &[("COLUMNS", "60"), ("BAHDANAU_LANG", "zh")]);
    t.expect("[0/42 trained]> ", WAIT);
    for (keys, reply) in [
        ("\r", "步骤 01（第 1 步，共 42 步）"),
        ("goto 1\t0\r", "正在写“la”"),
        ("explain\r", "exp 就永远不会溢出"),
        ("help\r", "第一次来？"),
        ("source 猫\r", "词表里没有“猫”"),
        ("", "词表里的词是："),
        ("where\r", "你在步骤 10"),
        ("lang en\r", "now speaks English"),
        ("where\r", "You are at step 10"),
    ] {
        t.send(keys);
        t.expect(reply, WAIT);
    }
    let out = t.quit(WAIT);
    assert!(!out.contains("panicked"), "{out}");
    let wide: Vec<String> = drawn_lines(&out)
        .into_iter()
        .filter(|l| bahdanau::layout::columns_of(l) > 60 && l.trim().contains(' '))
        .filter(|l| !l.contains("]> "))
        .collect();
    assert!(wide.is_empty(), "wider than the terminal's 60 columns:\n{}", wide.join("\n"));
}
