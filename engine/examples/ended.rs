use engine::Position;
fn walk(p: &Position, d: u32, ended: &mut [u64; 12], passes: &mut [u64;12], ply: usize) {
    if p.is_game_over() { ended[ply] += 1; return; }
    if d == 0 { return; }
    let m = p.legal_moves();
    if m.is_empty() { passes[ply+1]+=1; walk(&p.pass(), d - 1, ended, passes, ply + 1); return; }
    for sq in m { walk(&p.play_unchecked(sq), d - 1, ended, passes, ply + 1); }
}
fn main() { let mut e = [0; 12]; let mut ps=[0;12]; walk(&Position::start(), 11, &mut e, &mut ps, 0); println!("ended {:?}\npasses {:?}", e, ps); }
