//! Training the model: a toy parallel corpus, the gradient of the loss by
//! hand, and an optimizer, so that α becomes the alignment.

pub mod grad;
pub mod corpus;
