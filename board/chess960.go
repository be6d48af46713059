package board

import "fmt"

// Chess960Positions is the number of Chess960 start positions.
const Chess960Positions = 960

// knightPairs are the two knights' places among the five files left after
// the bishops and the queen, in Scharnagl's order.
var knightPairs = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Chess960FEN is the FEN of Chess960 start position n (Scharnagl numbering,
// 0..959; 518 is the orthodox start), with Shredder-FEN castling rights
// naming the rooks' files. It returns an error for n out of range.
func Chess960FEN(n int) (string, error) {
	if n < 0 || n >= Chess960Positions {
		return "", fmt.Errorf("Chess960 position %d: want 0..%d", n, Chess960Positions-1)
	}
	var rank [8]byte
	place := func(nth int, piece byte) int { // the nth empty file, 0-based
		for f := range rank {
			if rank[f] == 0 {
				if nth == 0 {
					rank[f] = piece
					return f
				}
				nth--
			}
		}
		return -1
	}
	rank[2*(n%4)+1] = 'b'
	n /= 4
	rank[2*(n%4)] = 'b'
	n /= 4
	place(n%6, 'q')
	n /= 6
	pair := knightPairs[n]
	place(pair[1], 'n') // the later one first, so the earlier index still counts from a
	place(pair[0], 'n')
	rookA := place(0, 'r')
	place(0, 'k')
	rookH := place(0, 'r')
	back := string(rank[:])
	upper := make([]byte, 8)
	for i, c := range rank {
		upper[i] = c - 'a' + 'A'
	}
	castling := string([]byte{'A' + byte(rookH), 'A' + byte(rookA), 'a' + byte(rookH), 'a' + byte(rookA)})
	return back + "/pppppppp/8/8/8/8/PPPPPPPP/" + string(upper) + " w " + castling + " - 0 1", nil
}
