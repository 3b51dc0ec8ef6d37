//! Entry point of the browser app: mounts the lab and nothing else.

fn main() {
    fencing_lab::ui::start();
}
