use super::*;

#[test]
fn every_class_is_read_in_each_of_its_symmetric_places_once() {
    let counts: Vec<usize> = (0..CLASSES.len()).map(|c| places_of(c).len()).collect();
    assert_eq!(counts, [4, 4, 4, 4, 4, 2, 4, 4, 4, 4]);
    assert_eq!(INSTANCES, 38);
    for (c, class) in CLASSES.iter().enumerate() {
        let places = places_of(c);
        for (i, a) in places.iter().enumerate() {
            assert_eq!(a.count_ones(), class.mask.count_ones());
            assert!(places[i + 1..].iter().all(|b| b != a), "{}: a place read twice", class.name);
        }
    }
    // The four edges with their X-squares.
    let edges: u64 = places_of(0).iter().fold(0, |a, b| a | b);
    assert_eq!(edges, 0xFFC3_8181_8181_C3FF);
}

#[test]
fn a_reading_is_the_base_3_number_of_its_squares() {
    // Mover on a1 and c1, opponent on b1: the edge reads 1 + 2·3 + 1·9 = 16.
    let (p, o) = (0b101, 0b010);
    assert_eq!(indices(p, o)[0], 16);
    // The same discs on a8, b8, c8: the top edge's place reads them in the same order.
    let (p2, o2) = (p.swap_bytes(), o.swap_bytes());
    let top = indices(p2, o2)[1..4].iter().copied().find(|&i| i != 0);
    assert_eq!(top, Some(16));
}

#[test]
fn a_board_and_its_mirror_image_have_the_same_readings() {
    let mut x = crate::testing::Xorshift::new(3);
    for _ in 0..200 {
        let a = x.next_u64();
        let (p, o) = (a & x.next_u64(), !a & x.next_u64());
        for t in crate::Transform::ALL {
            let (tp, to) = (t.bitboard(crate::Bitboard(p)).0, t.bitboard(crate::Bitboard(o)).0);
            let canon = |v: [u32; INSTANCES]| {
                let mut v: Vec<u32> =
                    v.iter().zip(reading_classes()).map(|(&i, (c, start))| start + canonical(c, i - start)).collect();
                v.sort_unstable();
                v
            };
            let (i, j) = (canon(indices(p, o)), canon(indices(tp, to)));
            assert_eq!(i, j, "{t:?}: the same readings, each up to its own symmetry");
        }
    }
}

#[test]
fn the_fast_reading_equals_the_portable_one() {
    let mut x = crate::testing::Xorshift::new(9);
    for isa in crate::Isa::supported() {
        for _ in 0..100 {
            let a = x.next_u64();
            let (p, o) = (a & x.next_u64(), !a & x.next_u64());
            assert_eq!(crate::isa::with_kernel!(isa, K => indices_with::<K>(p, o)), indices(p, o), "{}", isa.name());
        }
    }
}

#[test]
fn the_committed_weights_load_and_put_a_known_best_move_first() {
    // FFO #43 (23 empties, Light to move): g3 and c7 are its best moves (−12); the
    // learned score of each child alone ranks c7 first of six.
    let pos: crate::Position = "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O".parse().unwrap();
    let mut kids: Vec<(i32, String)> = pos
        .legal_moves()
        .iter()
        .map(|sq| {
            let after = pos.play_unchecked(sq);
            (score(after.player().0, after.opponent().0), sq.to_string())
        })
        .collect();
    kids.sort();
    assert_eq!(kids.len(), 6);
    assert_eq!(kids[0].1, "c7", "{kids:?}");
    assert!(kids.windows(2).all(|w| w[0].0 < w[1].0), "distinct scores: the weights are loaded: {kids:?}");
}

#[test]
fn the_weights_are_the_ones_their_provenance_names() {
    use sha2::{Digest, Sha256};
    let provenance = include_str!("../data/ordering.txt");
    let named = provenance
        .lines()
        .find_map(|l| l.strip_prefix("weights sha256: "))
        .and_then(|l| l.split(' ').next())
        .expect("ordering.txt names the weights' SHA-256");
    let actual: String = Sha256::digest(FILE).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(named, actual);
    assert!(provenance.contains("training set sha256"), "{provenance}");
}

/// Re-encoding the committed weights (read back in discs) gives the committed
/// file byte for byte: the header and the rounding `encode` writes are the
/// file's. Weights beyond `i16` clamp to its ends.
#[test]
fn encoding_the_committed_weights_gives_the_committed_file() {
    let t = &FILE[HEADER..];
    let discs: Vec<f64> =
        (0..WEIGHTS).map(|i| i16::from_le_bytes([t[2 * i], t[2 * i + 1]]) as f64 / WEIGHT_SCALE as f64).collect();
    assert_eq!(encode(&discs), FILE);
    let mut table = vec![0.0; WEIGHTS];
    (table[0], table[1], table[2]) = (1e9, -1e9, 0.4 / WEIGHT_SCALE as f64 + 2.0);
    let bytes = encode(&table);
    assert_eq!(&bytes[..HEADER], &FILE[..HEADER]);
    let weight = |i: usize| i16::from_le_bytes([bytes[HEADER + 2 * i], bytes[HEADER + 2 * i + 1]]);
    assert_eq!((weight(0), weight(1), weight(2), weight(3)), (i16::MAX, i16::MIN, 2 * WEIGHT_SCALE as i16, 0));
}

/// `canonical` ties exactly the readings a symmetry of the class's mask maps onto
/// each other: as many distinct canonical readings as the class has orbits, counted
/// apart by Burnside's lemma (the mean number of readings each such symmetry keeps:
/// 3 to the number of its square cycles), each reading's canonical one no larger,
/// and a canonical reading its own.
#[test]
fn canonical_readings_are_one_per_symmetric_orbit() {
    for (c, class) in CLASSES.iter().enumerate() {
        let keeping: Vec<crate::Transform> = crate::Transform::ALL
            .into_iter()
            .filter(|t| t.bitboard(crate::Bitboard(class.mask)).0 == class.mask)
            .collect();
        let kept = keeping.iter().map(|t| {
            let moved = crate::Bitboard(class.mask).iter().filter(|&sq| t.square(sq) != sq).count() as u32;
            3u64.pow(squares(c) - moved / 2)
        });
        let orbits = kept.sum::<u64>() / keeping.len() as u64;
        let n = 3u32.pow(squares(c));
        let mut distinct = 0;
        for i in 0..n {
            let k = canonical(c, i);
            assert!(k <= i && canonical(c, k) == k, "{}: {i} -> {k}", class.name);
            distinct += u64::from(k == i);
        }
        assert_eq!(distinct, orbits, "{}: {} symmetries", class.name, keeping.len());
    }
}
