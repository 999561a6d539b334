//! A part's configuration read from JSON, and its defaults as JSON: the same
//! for policies, FTLs and curve options, so every surface reads them alike.

use crate::error::SimError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// Reads a configuration from JSON (null: all defaults), naming its owner in any error.
pub fn parse_config<C: DeserializeOwned>(id: &str, params: &Value) -> Result<C, SimError> {
    let v = if params.is_null() { Value::Object(Default::default()) } else { params.clone() };
    serde_json::from_value(v).map_err(|e| SimError::config(format!("{id} parameters"), e.to_string()))
}

/// The JSON of a configuration type's defaults.
pub fn defaults_of<C: Default + Serialize>() -> Value {
    serde_json::to_value(C::default()).expect("configs serialise")
}
