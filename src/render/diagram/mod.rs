//! Diagrams of the model, drawn from the walkthrough's step table so that they
//! cannot drift from it: the map of RNNsearch with its fourteen steps, and the
//! small "you are here" map at the top of every step chapter; the GRU cell,
//! a padded batch and its mask, the broadcast sum and the decoder's order.
//! Each is drawn in English or in Chinese (`Lang`), for the book of that
//! language.

pub mod broadcast;
pub mod gru;
pub mod lang;
pub mod map;
pub mod order;
pub mod padding;
pub mod text;

pub use broadcast::broadcast_svg;
pub use gru::gru_svg;
pub use lang::Lang;
pub use map::{map_svg, narrow_map_svg, you_are_here_svg};
pub use order::decoder_orders_svg;
pub use padding::padded_batch_svg;
