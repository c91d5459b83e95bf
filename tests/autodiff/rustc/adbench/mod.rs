//! ADBench's programs from rust-lang/rust tests/ui/autodiff/adbench/: bundle adjustment, FFT,
//! Gaussian mixture model, LSTM and the 2-D Brusselator ODE, each in safe Rust and over raw
//! pointers, differentiated in reverse mode with upstream's attributes (lstm: one departure,
//! said in its modules).
pub mod ba_safe;
pub mod ba_unsafe;
pub mod fft_safe;
pub mod fft_unsafe;
pub mod gmm_safe;
pub mod gmm_unsafe;
pub mod lstm_safe;
pub mod lstm_unsafe;
pub mod ode_safe;
pub mod ode_unsafe;
