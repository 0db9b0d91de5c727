//! Same seed, same bytes, whatever the thread count.

use generator::files::write;
use generator::progress::Silent;
use generator::puzzles::sets;
use generator::strength::ladder;

fn with_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap().install(f)
}

#[test]
fn reduced_generation_is_byte_identical_on_one_and_two_threads() {
    let sizes = sets::SetSizes { endgame_per_empties: 4, days: 7 };
    let run = |n| {
        with_threads(n, || {
            write::data_files(&sets::generate(
                99,
                &sizes,
                None,
                &Default::default(),
                &format::LevelsFile::game(),
                &Silent,
            ))
        })
    };
    let one = run(1);
    let two = run(2);
    assert_eq!(one.len(), 9, "four set files, two game files, the blocklist, the levels file, SHA256SUMS");
    for ((name, a), (_, b)) in one.iter().zip(&two) {
        assert!(a == b, "{name} differs between 1 and 2 threads");
    }
    let other_seed = with_threads(2, || {
        write::data_files(&sets::generate(100, &sizes, None, &Default::default(), &format::LevelsFile::game(), &Silent))
    });
    assert_ne!(one[0].1, other_seed[0].1, "the seed matters");
}

#[test]
fn reduced_ladder_is_byte_identical_on_one_and_two_threads() {
    let run = |n| with_threads(n, || ladder::games_csv(&ladder::play_ladder(7, 100, &engine::Levels::GAME, &Silent)));
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(String::from_utf8(one).unwrap().lines().count(), 1 + 54, "header + 54 games");
}
