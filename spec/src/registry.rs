//! The FESA 2017 rulebook as data. (Filled in by the registry work.)
