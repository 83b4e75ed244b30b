//! A cart total with a struct, a loop and a call: what the native e2e tests debug.
//! With an argument it panics (a crash the debugger stops at).

struct Item {
    name: &'static str,
    price: f64,
    qty: i32,
}

fn line_total(it: &Item) -> f64 {
    let amount = it.price * f64::from(it.qty); // MARK: line_total
    amount
}

fn subtotal_of(items: &[Item]) -> f64 {
    let mut total = 0.0;
    for it in items {
        total += line_total(it); // MARK: loop
    }
    total // MARK: subtotal_return
}

fn main() {
    let items = [
        Item { name: "apple", price: 1.5, qty: 4 },
        Item { name: "pear", price: 2.0, qty: 3 },
        Item { name: "fig", price: 0.5, qty: 10 },
    ];
    let subtotal = subtotal_of(&items); // MARK: main_call
    println!("subtotal {subtotal:.2} of {}", items[0].name);
    if std::env::args().len() > 1 {
        std::process::abort(); // MARK: crash
    }
    std::process::exit(3);
}
