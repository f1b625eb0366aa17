//! What the integration tests share: snapshots go to the top-level
//! `snapshots/` folder, named by the caller, with the 3-line header the book's
//! `{{#include …:4:}}` lines skip.

/// `snapshot!(name, text)`: compares `text` with `snapshots/NAME.snap`.
#[macro_export]
macro_rules! snapshot {
    ($name:expr, $text:expr) => {{
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!($name, $text));
    }};
}
