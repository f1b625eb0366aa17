//! The language of a figure's words. The English book's figures are
//! chapters/figures/*.svg, the Chinese book's chapters/figures/zh-CN/*.svg:
//! the same drawing from the same numbers, only the words differ.

/// English or Chinese.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// `en` in the English figure, `zh` in the Chinese one.
    pub fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }

    /// Where in chapters/figures/ the figure lives: "" or "zh-CN/".
    pub fn folder(self) -> &'static str {
        self.pick("", "zh-CN/")
    }
}
