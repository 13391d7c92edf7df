//! JSON values to Python objects and back: the judge's JSON objects become dicts, a Python
//! implementation's verdict dict becomes the protocol's JSON.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::Value;

use crate::errors::{Kind, error};

/// A JSON value as the Python object `json.loads` would give.
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u), _) => u.into_pyobject(py)?.into_any(),
            (_, _, f) => PyFloat::new(py, f.unwrap_or(f64::NAN)).into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_python(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// A Python object made of dicts, lists, strings, numbers, booleans and `None` as JSON;
/// `what` names it in the error for anything else.
pub fn from_python(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        return Ok(Value::from(obj.extract::<u64>()?));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Value::from(f.value()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            let key: String = k.extract().map_err(|_| {
                error(
                    Kind::Config,
                    format!(
                        "{what}: a key is not a string: {}",
                        k.repr().map(|r| r.to_string()).unwrap_or_default()
                    ),
                )
            })?;
            let inner = from_python(&v, &format!("{what}[{key:?}]"))?;
            map.insert(key, inner);
        }
        return Ok(Value::Object(map));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut items = Vec::new();
        for (i, item) in obj.try_iter()?.enumerate() {
            items.push(from_python(&item?, &format!("{what}[{i}]"))?);
        }
        return Ok(Value::Array(items));
    }
    let type_name = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    Err(error(
        Kind::Config,
        format!(
            "{what}: a {type_name} is not JSON data (expected dict, list, str, int, float, bool or None)"
        ),
    ))
}

/// Reads YAML text (a corpus record or question) into Python data, as the adapter loop hands
/// it to an implementation's `adjudicate`.
#[pyfunction]
pub fn yaml_to_python<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let value: Value = serde_norway::from_str(text)
        .map_err(|e| error(Kind::Record, format!("unreadable YAML: {e}")))?;
    to_python(py, &value)
}
