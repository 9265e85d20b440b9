/*
 * mpcrypto: console input for MicroPython's Zephyr port on boards whose console is an Arm CMSDK
 * APB UART (mps2/an385, mps3/corstone300/an547: the emulated boards of boards/ZEPHYR_M3 and
 * boards/ZEPHYR_M55). Test firmware only; the real boards keep Zephyr's uart_console.
 *
 * Why: in Zephyr 4.3.0, drivers/serial/uart_cmsdk_apb.c reports an interrupt pending whenever
 * its transmit buffer is not full (irq_is_pending = rx_ready || tx_ready, and tx_ready ignores
 * whether the TX interrupt is enabled), and drivers/console/uart_console.c's ISR loops
 * `while (uart_irq_update() && uart_irq_is_pending())`, skipping the iterations with no
 * received byte. The first byte typed into the console therefore leaves that ISR spinning for
 * ever and the interpreter never runs again (seen under QEMU: the byte sits in MicroPython's
 * ring buffer, the CPU stays in uart_console_isr).
 *
 * What: with CONFIG_UART_CONSOLE off, this file provides the two functions the port calls to
 * get its input (ports/zephyr/src/zephyr_getchar.c: uart_console_in_debug_hook_install and
 * uart_register_input, declared in zephyr/drivers/console/uart_console.h) and takes the
 * console UART's interrupt with an ISR that loops only while a received byte is ready. printk
 * output, which uart_console carried, goes out by polling; the port writes its own output with
 * uart_poll_out and needs nothing from here.
 *
 * Flow control: QEMU hands the guest a byte as soon as the last one is read, so a host that
 * writes a burst (`mpremote mount` sends file contents in kilobytes) would overrun the port's
 * 512-byte ring, which drops what does not fit and the transfer stalls. Received bytes go into
 * a ring here first; they are handed to the port's hook only while the port's own ring is empty
 * (zephyr_getchar_check(), ports/zephyr/src/zephyr_getchar.h), at most FEED bytes at a time,
 * from the ISR and from a 1 ms timer, running only while bytes wait, as the interpreter drains
 * them (the boards' .conf sets a 1 kHz tick for it). When this ring is full the
 * RX interrupt is turned off, so the bytes wait in QEMU's character device (and the host's pty)
 * instead of being lost.
 */

#include <zephyr/device.h>
#include <zephyr/drivers/console/uart_console.h>
#include <zephyr/drivers/uart.h>
#include <zephyr/init.h>
#include <zephyr/kernel.h>
#include <zephyr/sys/printk-hooks.h>

/* uart_console.h declares the hook type and its installer only with uart_console's debug
 * hooks, which depend on the uart_console this module replaces: the same signature here. */
typedef int (*console_in_hook_t)(uint8_t byte);
void uart_console_in_debug_hook_install(console_in_hook_t hook);

static const struct device *const console = DEVICE_DT_GET(DT_CHOSEN(zephyr_console));
static console_in_hook_t input_hook;

/* The port's "a received byte is waiting" (its ring is not empty), and its wake-up of a
 * thread waiting for an event (ports/zephyr/mphalport.c): select.poll on stdin, which
 * `mpremote mount` runs on the board, sleeps until an event or its timeout, and the port's
 * input hook signals one only for the interrupt character. */
int zephyr_getchar_check(void);
void mp_hal_signal_event(void);

#define RING 4096 /* a power of two */
#define FEED 500  /* below the port's 512-byte ring */
static uint8_t ring[RING];
static volatile uint32_t head, tail; /* head - tail bytes are waiting; both only grow */
static volatile bool rx_off;
static struct k_timer feeder; /* one-shot, restarted by feed() while bytes wait */

void uart_console_in_debug_hook_install(console_in_hook_t hook)
{
	input_hook = hook;
}

void uart_register_input(struct k_fifo *avail, struct k_fifo *lines,
			 uint8_t (*completion)(char *str, uint8_t len))
{
	/* The port passes NULLs: it takes bytes through the hook only. */
	ARG_UNUSED(avail);
	ARG_UNUSED(lines);
	ARG_UNUSED(completion);
}

/* Move received bytes from the UART into the ring while there is room; with the ring full,
 * turn the RX interrupt off (the next byte waits in the UART and QEMU holds the rest). Only
 * received bytes end the loop's condition: see the header comment. */
static void drain(void)
{
	uint8_t byte;

	while (uart_irq_rx_ready(console)) {
		if (head - tail == RING) {
			rx_off = true;
			uart_irq_rx_disable(console);
			return;
		}
		if (uart_fifo_read(console, &byte, 1) != 1) {
			return;
		}
		ring[head & (RING - 1)] = byte;
		head++;
	}
}

/* Hand waiting bytes to the port while its ring is empty; resume reception when there is
 * room again. Turning the RX interrupt back on does not raise it for a byte already waiting
 * in the UART (QEMU's CMSDK UART sets the interrupt only when a byte arrives), so that byte
 * is drained here. Runs with interrupts locked (from the ISR and the timer). */
static void feed(void)
{
	unsigned int n = 0;

	if (input_hook != NULL && !zephyr_getchar_check()) {
		while (tail != head && n < FEED) {
			input_hook(ring[tail & (RING - 1)]);
			tail++;
			n++;
		}
		if (n != 0) {
			mp_hal_signal_event();
		}
	}
	if (rx_off && head - tail < RING) {
		rx_off = false;
		uart_irq_rx_enable(console);
		drain();
	}
	if (tail != head) {
		k_timer_start(&feeder, K_MSEC(1), K_NO_WAIT);
	}
}

static void console_isr(const struct device *dev, void *user_data)
{
	unsigned int key = irq_lock();

	ARG_UNUSED(dev);
	ARG_UNUSED(user_data);
	uart_irq_update(console);
	drain();
	feed();
	irq_unlock(key);
}

static void feeder_tick(struct k_timer *timer)
{
	unsigned int key = irq_lock();

	ARG_UNUSED(timer);
	feed();
	irq_unlock(key);
}

static int console_printk_out(int c)
{
	uart_poll_out(console, (unsigned char)c);
	return c;
}

static int cmsdk_console_init(void)
{
	if (!device_is_ready(console)) {
		return -ENODEV;
	}
	__printk_hook_install(console_printk_out);
	uart_irq_callback_set(console, console_isr);
	uart_irq_rx_enable(console);
	k_timer_init(&feeder, feeder_tick, NULL);
	return 0;
}

SYS_INIT(cmsdk_console_init, POST_KERNEL, CONFIG_KERNEL_INIT_PRIORITY_DEVICE);
