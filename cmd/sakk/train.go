package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/nnue/train"
	"github.com/sakk-chess/sakk/game"
)

func init() {
	register("train", "train an NNUE from sakk datagen data (pure Go, every core)", runTrain)
}

const trainUsage = `Usage:
  sakk train --variant chess|glinski --data FILE[,FILE...] --out NET
             [--hidden N] [--buckets N] [--epochs N] [--lambda L] [--batch N] [--lr R]
             [--held-out F] [--threads N] [--seed S] [--mirror=false] [--flip-side]
             [--resume CHECKPOINT]

Fits a (inputs -> N) x 2 -> 1 SCReLU net (one output layer per bucket of
piece counts with --buckets) to "<FEN> | <score> | <result>"
lines (sakk datagen): target lambda*result + (1-lambda)*sigmoid(score/400),
mean squared error, Adam on mini-batches spread over every core. The last
--held-out fraction of the data (later games) is kept apart. After every
epoch it prints the training and held-out loss and positions/s, writes the
checkpoint NET.ckpt and exports the quantised net to NET (format:
docs/nnue.md), and to NET.best when the held-out loss is the lowest yet. --resume continues from a checkpoint up to --epochs.
Ctrl-C stops after the current batch; the last epoch's files stay.

Options:
  --variant NAME   chess or glinski (default chess)
  --data FILES     comma-separated data files
  --out NET        the net file to write (checkpoint: NET.ckpt)
  --hidden N       hidden width, a multiple of 16 (default 128)
  --buckets N      output buckets by the number of pieces, 1..16 (default 1)
  --epochs N       epochs in all (default 20)
  --lambda L       weight of the game result, 0..1 (default 0.3)
  --batch N        positions per Adam step (default 1024)
  --lr R           Adam step size (default 0.001; x0.3 after 3/4 of the epochs)
  --held-out F     fraction held out, 0..0.5 (default 0.05)
  --threads N      worker goroutines (default: every core)
  --seed S         initialisation and shuffling seed (default 1)
  --mirror=false   do not add the left-right mirror image of each training
                   position (on by default: it doubles small data sets)
  --flip-side      also train each position with the other side to move,
                   score negated, so the net has no side-to-move bias
  --resume FILE    continue from this checkpoint

Exit codes: 0 done or stopped, 1 failure, 2 bad arguments or data.
`

func runTrain(args []string, stdout, stderr io.Writer) int {
	var (
		variantName, data, out, resume string
		hidden, buckets                int
		heldOut                        float64
		cfg                            train.Config
	)
	fs := newFlagSet("train")
	fs.StringVar(&variantName, "variant", "chess", "")
	fs.StringVar(&data, "data", "", "")
	fs.StringVar(&out, "out", "", "")
	fs.StringVar(&resume, "resume", "", "")
	fs.IntVar(&hidden, "hidden", 128, "")
	fs.IntVar(&buckets, "buckets", 1, "")
	fs.IntVar(&cfg.Epochs, "epochs", 20, "")
	fs.Float64Var(&cfg.Lambda, "lambda", 0.3, "")
	fs.IntVar(&cfg.Batch, "batch", 1024, "")
	fs.Float64Var(&cfg.LR, "lr", 0.001, "")
	fs.Float64Var(&heldOut, "held-out", 0.05, "")
	fs.IntVar(&cfg.Threads, "threads", runtime.GOMAXPROCS(0), "")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "")
	fs.BoolVar(&cfg.Mirror, "mirror", true, "")
	fs.BoolVar(&cfg.FlipSide, "flip-side", false, "")
	if done, code := parseFlags(fs, args, trainUsage, stdout, stderr); done {
		return code
	}
	fail := func(msg string) int { return usageError(stderr, "sakk train", msg) }
	v, verr := game.ParseVariant(variantName)
	switch {
	case verr != nil:
		return fail(verr.Error())
	case data == "":
		return fail("--data is required")
	case out == "":
		return fail("--out is required")
	case hidden < nnue.HiddenStep || hidden > 4096 || hidden%nnue.HiddenStep != 0:
		return fail(fmt.Sprintf("--hidden must be a multiple of %d in 16..4096", nnue.HiddenStep))
	case buckets < 1 || buckets > nnue.MaxBuckets:
		return fail(fmt.Sprintf("--buckets must be 1..%d", nnue.MaxBuckets))
	case cfg.Epochs < 1 || cfg.Epochs > 10000:
		return fail("--epochs must be 1..10000")
	case cfg.Lambda < 0 || cfg.Lambda > 1:
		return fail("--lambda must be 0..1")
	case cfg.Batch < 1:
		return fail("--batch must be at least 1")
	case cfg.LR <= 0 || cfg.LR > 1:
		return fail("--lr must be in (0, 1]")
	case heldOut < 0 || heldOut > 0.5:
		return fail("--held-out must be 0..0.5")
	case cfg.Threads < 1 || cfg.Threads > 1024:
		return fail("--threads must be 1..1024")
	}
	cfg.HeldOut = heldOut
	start := time.Now()
	set, err := train.Load(v, strings.Split(data, ","))
	if err != nil {
		return fail(err.Error())
	}
	if set.Len() < 2 {
		return fail("the data has fewer than 2 positions")
	}
	fmt.Fprintf(stderr, "sakk train: %d %s positions read in %v\n", set.Len(), v, time.Since(start).Round(time.Millisecond))
	model := train.NewModel(v, hidden, buckets, cfg.Seed)
	if resume != "" {
		if model, err = train.LoadModel(resume); err != nil {
			return fail(err.Error())
		}
		if model.Variant != v {
			return fail(fmt.Sprintf("%s is a %s checkpoint", resume, model.Variant))
		}
		fmt.Fprintf(stderr, "sakk train: resuming %s at epoch %d (hidden %d, %d buckets)\n", resume, model.Epoch, model.Hidden, model.Buckets)
	}
	cfg.Checkpoint = out + ".ckpt"
	cfg.Export = func(n *nnue.Net) error { return writeNet(out, n) }
	cfg.ExportBest = func(n *nnue.Net) error { return writeNet(out+".best", n) }
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	stats, err := train.Run(ctx, model, set, cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "sakk train: %v\n", err)
		return exitFailure
	}
	if len(stats) > 0 {
		fmt.Fprintf(stderr, "sakk train: %d epochs in %v; net %s, checkpoint %s\n", len(stats),
			time.Since(start).Round(time.Second), out, cfg.Checkpoint)
	}
	return exitOK
}

// writeNet writes a net file atomically.
func writeNet(path string, n *nnue.Net) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := nnue.Write(f, n); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
