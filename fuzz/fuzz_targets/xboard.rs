#![no_main]
//! libFuzzer target: see [`protean_fuzz::xboard`].
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| protean_fuzz::xboard(data));
