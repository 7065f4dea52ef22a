fn main() {
    vmdeck::start();
}
