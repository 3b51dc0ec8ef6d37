//! Where in a scenario a setting lives, as the reader notes it and the engine names it: the
//! scenario's own field (`ttl_ms`), an app's (`apps[1].start_ms`), a step's
//! (`apps[1].steps[0].for_ms`) or a fault's (`faults[2].at_ms`). The reader notes fields
//! without building strings; the engine's path is read back into one to find the text.

/// A field of the scenario, an app, a step of an app's plan, or a fault; `name` is the
/// engine's name for it (`""`: the whole app, step or fault).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field<'a> {
    /// The scenario's own field (`resource.stock` included).
    Own(&'a str),
    /// Field `name` of app `index`.
    App(usize, &'a str),
    /// Step `step` of app `index`'s plan.
    Step(usize, usize),
    /// Field `name` of fault `index`.
    Fault(usize, &'a str),
}

/// The whole that holds `field`: an app for its field or step, a fault for its field, the
/// resource for its stock; `None` for a whole one or the scenario's own field.
pub fn parent<'a>(field: Field<'a>) -> Option<Field<'a>> {
    match field {
        Field::App(_, "") | Field::Fault(_, "") => None,
        Field::App(index, _) | Field::Step(index, _) => Some(Field::App(index, "")),
        Field::Fault(index, _) => Some(Field::Fault(index, "")),
        Field::Own(name) => name.split_once('.').map(|(whole, _)| Field::Own(whole)),
    }
}

/// The number in `[N]` at the start of `text`, and what follows it.
fn index(text: &str) -> Option<(usize, &str)> {
    let (number, rest) = text.split_once(']')?;
    Some((number.parse().ok()?, rest))
}

/// `rest` without its leading `.`.
fn named(rest: &str) -> &str {
    rest.strip_prefix('.').unwrap_or(rest)
}

/// The field the engine's path names (`apps[1].steps[0].for_ms`), if it reads as one.
pub fn of_path(path: &str) -> Field<'_> {
    if let Some((app, rest)) = path.strip_prefix("apps[").and_then(index) {
        if let Some((step, _)) = rest.strip_prefix(".steps[").and_then(index) {
            return Field::Step(app, step);
        }
        return Field::App(app, named(rest));
    }
    if let Some((fault, rest)) = path.strip_prefix("faults[").and_then(index) {
        return Field::Fault(fault, named(rest));
    }
    Field::Own(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_paths_read_back_into_fields() {
        assert_eq!(of_path("ttl_ms"), Field::Own("ttl_ms"));
        assert_eq!(of_path("apps[12].start_ms"), Field::App(12, "start_ms"));
        assert_eq!(of_path("apps[1].steps[3].for_ms"), Field::Step(1, 3));
        assert_eq!(of_path("faults[0].at_ms"), Field::Fault(0, "at_ms"));
        assert_eq!(of_path("apps"), Field::Own("apps"));
        assert_eq!(parent(Field::Step(1, 3)), Some(Field::App(1, "")));
        assert_eq!(
            parent(Field::Own("resource.stock")),
            Some(Field::Own("resource"))
        );
        assert_eq!(parent(Field::Fault(2, "")), None);
    }
}
