pub mod betza;
