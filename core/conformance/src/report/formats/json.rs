//! The JSON report, for tools: the published schema's version (`schema_version`), its fields, and beside them the fields the
//! game's view adds (a case's primary article, slug, line, partial pass and warnings, and the
//! game's own fields), so that one serialiser writes every game's JSON.

use serde_json::{Map, Value};

use crate::report::Report;

pub(super) fn json(r: &Report) -> String {
    let mut value = match serde_json::to_value(r) {
        Ok(v) => v,
        Err(e) => return format!("{{\"error\": \"{e}\"}}\n"),
    };
    if let Some(object) = value.as_object_mut() {
        object.insert(
            "schema_version".into(),
            conformance_schemas::SCHEMA_VERSION.into(),
        );
    }
    let v = &r.view;
    merge(&mut value["header"], &v.header_json);
    if r.certified_by.is_some() {
        merge(&mut value["certified_by"], &v.certified_by_json);
    }
    if let Some(cases) = value["cases"].as_array_mut() {
        for (case, view) in cases.iter_mut().zip(&v.cases) {
            let mut add = Map::new();
            if !view.slug.is_empty() {
                add.insert("slug".into(), view.slug.clone().into());
            }
            if let Some(line) = view.line {
                add.insert("line".into(), line.into());
            }
            if let Some(p) = &view.primary {
                add.insert("primary".into(), p.clone().into());
            }
            add.insert("partial".into(), view.partial.into());
            if !view.warnings.is_empty() {
                add.insert("warnings".into(), view.warnings.clone().into());
            }
            add.extend(view.json.clone());
            merge(case, &add);
        }
    }
    serde_json::to_string_pretty(&value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
        + "\n"
}

fn merge(target: &mut Value, fields: &Map<String, Value>) {
    if let Some(object) = target.as_object_mut() {
        for (k, v) in fields {
            object.insert(k.clone(), v.clone());
        }
    }
}
