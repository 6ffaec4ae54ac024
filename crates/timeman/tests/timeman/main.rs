//! The time manager from outside: the classic model's values worked out by hand, the in-search
//! controller on scripted iterations, and properties of the clock plan over a grid of inputs.

mod classic_values;
mod controller;
mod properties;
