//! A logpoint's message: text with `{expression}` placeholders (braces inside a placeholder
//! nest), read once here for the side-effect policy and for the secret masking.

/// One part of a log message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text printed as written.
    Text(&'a str),
    /// The expression of a `{...}` part.
    Placeholder(&'a str),
}

/// The parts of `message`, in order; an unclosed `{` ends it.
pub fn pieces(message: &str) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in message.char_indices() {
        match c {
            '{' => {
                if depth == 0 {
                    if i > start {
                        pieces.push(Piece::Text(&message[start..i]));
                    }
                    start = i + 1;
                }
                depth += 1;
            }
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    pieces.push(Piece::Placeholder(&message[start..i]));
                    start = i + 1;
                }
            }
            _ => {}
        }
    }
    if depth == 0 && start < message.len() {
        pieces.push(Piece::Text(&message[start..]));
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_nest_and_text_stays() {
        assert_eq!(
            pieces("a={a} d={ {'k': 1}['k'] }!"),
            [
                Piece::Text("a="),
                Piece::Placeholder("a"),
                Piece::Text(" d="),
                Piece::Placeholder(" {'k': 1}['k'] "),
                Piece::Text("!"),
            ]
        );
        assert_eq!(pieces("x {unclosed"), [Piece::Text("x ")]);
        assert_eq!(
            pieces("{a}{b}"),
            [Piece::Placeholder("a"), Piece::Placeholder("b")]
        );
    }
}
