//! The mbn compiler as a plain library.
