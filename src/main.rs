fn main() {
    vmdeck::start::start();
}
