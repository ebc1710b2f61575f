package mip_test

import (
	"fmt"

	"github.com/streamopt/streamopt/lp/mip"
)

// SetSwitches reads the switches from text, as a command-line flag gives
// them; a faulty pair is refused with its name.
func ExampleOptions_SetSwitches() {
	var opts mip.Options
	if err := opts.SetSwitches("rins=off,feasjump=on"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("rins", opts.RINS, "feasjump", opts.FeasJump, "rens", opts.RENS)
	fmt.Println(opts.SetSwitches("rens=sometimes"))
	// Output:
	// rins off feasjump on rens auto
	// switch rens: "sometimes" is not auto, on or off
}
